import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { AllPostsLink, LatestBlogPosts } from '#web/features/blog/components/latest-blog-posts.tsx'
import { CommunityPage } from '#web/features/community/pages/community-page.tsx'
import { LatestCourses } from '#web/features/courses/components/latest-courses.tsx'
import { NextEvents } from '#web/features/events/components/next-events.tsx'
import { LatestJobs } from '#web/features/jobs/components/latest-jobs.tsx'

// /community composes the community feature with the other areas' latest items
// (spec 000 §2: latest jobs, latest courses, blog posts in the right column; issue 17:
// the next events; issue 18: the blog's three newest). Each joins the aside here when
// its area exists.
export function CommunityRoute() {
  return (
    <CommunityPage
      aside={
        <>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Latest Jobs</CardTitle>
            </CardHeader>
            <CardContent>
              <LatestJobs />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Latest Courses</CardTitle>
            </CardHeader>
            <CardContent>
              <LatestCourses />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Upcoming Events</CardTitle>
            </CardHeader>
            <CardContent>
              <NextEvents />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Blog Posts</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <LatestBlogPosts />
              <AllPostsLink>View all posts</AllPostsLink>
            </CardContent>
          </Card>
        </>
      }
    />
  )
}
