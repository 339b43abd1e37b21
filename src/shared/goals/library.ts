import { dayNumber } from './calendar.ts'

// The daily routine's built-in content (issue 21; spec 001 §3 dailyQuote, coachTip,
// dailyChallenge): what a day shows when no admin has set its quote, tip and
// challenge (routine_daily_content). Each list turns by the day's number, so every
// member sees the same content on the same date, and the three lists (of different
// lengths) pair up differently from one cycle to the next.
//
// Quotes are kept only where the words and the author are well documented (a
// speech, a book, a letter); the popular misattributions (to Einstein, Twain,
// Gandhi, Confucius and others) are left out on purpose.

export type LibraryQuote = { text: string; author: string }
export type LibraryChallenge = { title: string; description: string; minutes: number }

export const libraryQuotes: readonly LibraryQuote[] = [
  { text: 'The best way to predict the future is to invent it.', author: 'Alan Kay' },
  {
    text: 'We are what we repeatedly do. Excellence, then, is not an act, but a habit.',
    author: 'Will Durant',
  },
  {
    text: 'Your work is going to fill a large part of your life, and the only way to be truly satisfied is to do what you believe is great work.',
    author: 'Steve Jobs',
  },
  {
    text: "You can't connect the dots looking forward; you can only connect them looking backwards.",
    author: 'Steve Jobs',
  },
  {
    text: 'The credit belongs to the man who is actually in the arena, whose face is marred by dust and sweat and blood.',
    author: 'Theodore Roosevelt',
  },
  { text: 'A journey of a thousand miles begins with a single step.', author: 'Lao Tzu' },
  {
    text: 'Knowing is not enough; we must apply. Willing is not enough; we must do.',
    author: 'Johann Wolfgang von Goethe',
  },
  { text: 'Well done is better than well said.', author: 'Benjamin Franklin' },
  { text: 'Lost time is never found again.', author: 'Benjamin Franklin' },
  { text: 'Diligence is the mother of good luck.', author: 'Benjamin Franklin' },
  {
    text: "Hide not your talents, they for use were made. What's a sun-dial in the shade?",
    author: 'Benjamin Franklin',
  },
  { text: 'If I have seen further it is by standing on the shoulders of Giants.', author: 'Isaac Newton' },
  {
    text: 'Life is like riding a bicycle. To keep your balance, you must keep moving.',
    author: 'Albert Einstein',
  },
  {
    text: 'Try not to become a man of success, but rather try to become a man of value.',
    author: 'Albert Einstein',
  },
  { text: 'The important thing is not to stop questioning.', author: 'Albert Einstein' },
  {
    text: 'Perfection is achieved, not when there is nothing more to add, but when there is nothing left to take away.',
    author: 'Antoine de Saint-Exupéry',
  },
  { text: 'The best way out is always through.', author: 'Robert Frost' },
  { text: 'Nothing great was ever achieved without enthusiasm.', author: 'Ralph Waldo Emerson' },
  { text: 'The reward of a thing well done is to have done it.', author: 'Ralph Waldo Emerson' },
  {
    text: 'If one advances confidently in the direction of his dreams, and endeavors to live the life which he has imagined, he will meet with a success unexpected in common hours.',
    author: 'Henry David Thoreau',
  },
  {
    text: 'It is not that we have a short time to live, but that we waste a lot of it.',
    author: 'Seneca',
  },
  { text: 'We suffer more often in imagination than in reality.', author: 'Seneca' },
  {
    text: 'The impediment to action advances action. What stands in the way becomes the way.',
    author: 'Marcus Aurelius',
  },
  {
    text: 'Waste no more time arguing about what a good man should be. Be one.',
    author: 'Marcus Aurelius',
  },
  {
    text: 'First say to yourself what you would be; and then do what you have to do.',
    author: 'Epictetus',
  },
  {
    text: 'Ever tried. Ever failed. No matter. Try again. Fail again. Fail better.',
    author: 'Samuel Beckett',
  },
  { text: 'Failure is only the opportunity more intelligently to begin again.', author: 'Henry Ford' },
  {
    text: "I can accept failure, everyone fails at something. But I can't accept not trying.",
    author: 'Michael Jordan',
  },
  { text: "You miss 100% of the shots you don't take.", author: 'Wayne Gretzky' },
  {
    text: 'Success is to be measured not so much by the position that one has reached in life as by the obstacles which he has overcome while trying to succeed.',
    author: 'Booker T. Washington',
  },
  { text: 'Leadership and learning are indispensable to each other.', author: 'John F. Kennedy' },
  {
    text: 'Change is the law of life. And those who look only to the past or present are certain to miss the future.',
    author: 'John F. Kennedy',
  },
  { text: 'Plans are worthless, but planning is everything.', author: 'Dwight D. Eisenhower' },
  {
    text: 'Only those who will risk going too far can possibly find out how far one can go.',
    author: 'T. S. Eliot',
  },
  {
    text: 'You can make more friends in two months by becoming interested in other people than you can in two years by trying to get other people interested in you.',
    author: 'Dale Carnegie',
  },
  {
    text: 'There is nothing so useless as doing efficiently that which should not be done at all.',
    author: 'Peter Drucker',
  },
  {
    text: 'Time is the scarcest resource and unless it is managed nothing else can be managed.',
    author: 'Peter Drucker',
  },
  {
    text: 'Great things are not done by impulse, but by a series of small things brought together.',
    author: 'Vincent van Gogh',
  },
  { text: 'Perpetual optimism is a force multiplier.', author: 'Colin Powell' },
  { text: 'The harder the conflict, the more glorious the triumph.', author: 'Thomas Paine' },
  { text: 'Begin with the end in mind.', author: 'Stephen R. Covey' },
  { text: 'I am the master of my fate, I am the captain of my soul.', author: 'William Ernest Henley' },
]

/** The coach's tip of the day: one concrete habit, in a sentence or two. */
export const libraryCoachTips: readonly string[] = [
  'Block your most demanding task into the first 90 minutes of your day, before e-mail and chat get a say in your schedule.',
  'Write your goal as an outcome with a date ("Lead a team of five by June"), not as an activity. Outcomes tell you when you are done.',
  'Keep a running "wins" document. One line per achievement, with a number where you can; it writes your next review and resume for you.',
  'When you reach out to someone new, ask one specific question they can answer in two minutes. Small asks get answered.',
  'Learn in the open: share one thing you learned this week with your team or network. Teaching it fixes it in your memory.',
  'Before a meeting, write down the one decision or answer you need from it. If there is none, ask whether you need to attend.',
  'Rework one resume bullet today so it starts with a strong verb and ends with a measurable result.',
  'Ask for feedback with a narrow question: "What is one thing I could do differently in these presentations?" gets a real answer.',
  'Protect one evening a week for deliberate practice of your focus skill. Consistency beats occasional marathons.',
  'Follow up within 24 hours of meeting someone, and mention one detail from your conversation so they remember you.',
  'Break a big goal into the next action that takes less than 30 minutes. Progress is easier to start than to plan.',
  'Review your calendar every Friday: what moved your goals forward, and what could you have declined?',
  'Read job postings for the role you want next, and list the skills that keep appearing. That list is your learning plan.',
  'Say no to one low-value request this week, politely and with a reason. Your yes means more when it is scarce.',
  'Turn a mistake into a short written note: what happened, what you learned, what you will do next time.',
  'Find one person two steps ahead of you on your path and ask how they got there. Most people like to tell that story.',
  'When stuck on a problem for more than 30 minutes, write down what you have tried and ask for help. It is a skill, not a weakness.',
  "End each workday by writing tomorrow's first task. You will start the morning with momentum instead of deliberation.",
  'Update your professional profile every time you finish a project, while the details and numbers are still fresh.',
  'Energy is a resource: schedule demanding work for your best hours and routine work for your low ones.',
  'Give credit generously and specifically in public. It builds trust and people remember who noticed their work.',
  'Practise a two-sentence answer to "What do you do?" that says who you help and how. Say it out loud until it feels natural.',
  'Limit your priority list to three items a day. If everything is a priority, nothing is.',
  'Schedule a short walk after lunch. A change of scene often solves what another hour at the desk would not.',
]

/** The daily challenge: a career action that fits in one sitting. */
export const libraryChallenges: readonly LibraryChallenge[] = [
  {
    title: 'Update one resume bullet',
    description:
      'Pick the weakest bullet on your resume and rewrite it as action plus result, with a number (time saved, revenue, people, percentage).',
    minutes: 15,
  },
  {
    title: 'Reconnect with a former colleague',
    description:
      'Send a short, personal message to someone you worked with at least a year ago. Ask what they are working on now; no request attached.',
    minutes: 10,
  },
  {
    title: 'Map the skills of your next role',
    description:
      'Read three job postings for the role you want next. Write down every skill that appears in at least two, and mark the ones you already have.',
    minutes: 25,
  },
  {
    title: 'Learn one thing in depth',
    description:
      'Spend focused time on one lesson, article or chapter about your focus skill. Afterwards, write three sentences summarising what you learned.',
    minutes: 30,
  },
  {
    title: 'Write your elevator pitch',
    description:
      'Write a 30-second introduction: who you are, what you are good at, and what you are looking for next. Read it aloud and trim every extra word.',
    minutes: 15,
  },
  {
    title: 'Ask for feedback',
    description:
      'Ask a manager, peer or mentor one specific question about your work (a recent project, a presentation, a piece of writing) and note the answer.',
    minutes: 10,
  },
  {
    title: "Record this week's wins",
    description:
      'List three things you accomplished this week, each with its impact. Keep them in one document you can use for reviews and interviews.',
    minutes: 10,
  },
  {
    title: 'Tidy your professional profile',
    description:
      'Review your online professional profile: headline, summary and latest role. Make sure it matches the direction you want your career to take.',
    minutes: 20,
  },
  {
    title: 'Plan one informational interview',
    description:
      'Identify someone working in a role or company that interests you, and draft a short request for a 20-minute conversation about their path.',
    minutes: 20,
  },
  {
    title: 'Practise a hard interview question',
    description:
      'Answer "Tell me about a time you failed" using the situation, task, action and result structure. Say it aloud and time yourself: aim for two minutes.',
    minutes: 15,
  },
  {
    title: 'Clear one blocker',
    description:
      'Find the task that has been stuck on your list the longest. Do the smallest next step of it now, or decide to drop it and tell whoever is waiting.',
    minutes: 20,
  },
  {
    title: 'Share something useful',
    description:
      'Post or send one resource you found valuable (an article, a tool, a lesson) to your team or network, with one sentence on why it helped you.',
    minutes: 10,
  },
  {
    title: 'Review your career goals',
    description:
      'Open your career goals, update their progress honestly, and write down the one action that would move the most important goal forward this week.',
    minutes: 10,
  },
  {
    title: 'Thank someone specifically',
    description:
      'Send a note to someone who helped you recently, saying exactly what they did and what difference it made to you.',
    minutes: 5,
  },
  {
    title: 'Build a small portfolio piece',
    description:
      'Start a small, shareable example of your work (a write-up, a design, a script, an analysis) that shows your focus skill in action.',
    minutes: 45,
  },
  {
    title: 'Research a target company',
    description:
      'Choose a company you would like to work for. Read its latest news or annual report and note two challenges it faces that you could help with.',
    minutes: 25,
  },
  {
    title: 'Audit your week',
    description:
      "Look back at last week's calendar. Mark each block as moved-my-goals, necessary, or avoidable, and decline or shorten one avoidable meeting this week.",
    minutes: 15,
  },
  {
    title: 'Prepare for your next one-to-one',
    description:
      'Write down three topics for your next conversation with your manager or mentor, including one about your growth, not just current work.',
    minutes: 10,
  },
  {
    title: 'Learn a shortcut',
    description:
      'Pick a tool you use every day and learn three features or keyboard shortcuts you have not used before. Use each of them once today.',
    minutes: 15,
  },
  {
    title: 'Join a professional conversation',
    description:
      'Add a thoughtful comment to a discussion in your field (a community post, a forum thread, an event Q&A): add an example or a question, not just agreement.',
    minutes: 15,
  },
  {
    title: 'Estimate your market value',
    description:
      'Look up salary ranges for your current role and your next one in your location. Note the gap and the skills that explain it.',
    minutes: 20,
  },
  {
    title: 'Write down a lesson learned',
    description:
      'Pick a recent mistake or setback. Write what happened, what you learned, and one thing you will do differently next time.',
    minutes: 10,
  },
  {
    title: 'Offer help',
    description:
      'Ask one person in your network what they are working on and offer one concrete way you could help: an introduction, a review or a resource.',
    minutes: 10,
  },
  {
    title: 'Plan tomorrow tonight',
    description:
      "Before you finish, choose tomorrow's three priority tasks and put the hardest one first in your schedule.",
    minutes: 5,
  },
  {
    title: 'Sign up for a learning session',
    description:
      'Find an upcoming event, webinar or course module related to your focus skill and put it in your calendar.',
    minutes: 10,
  },
  {
    title: 'Explain your work simply',
    description:
      'Write a paragraph describing your current project so that someone outside your field would understand why it matters.',
    minutes: 15,
  },
  {
    title: 'Take a focused hour',
    description:
      'Turn off notifications and spend one uninterrupted block on the most important task for your goals. Note what you finished.',
    minutes: 60,
  },
  {
    title: 'Strengthen a weak skill',
    description:
      'Choose the skill from your profile with the lowest level and practise it with one exercise, tutorial or real task.',
    minutes: 30,
  },
]

function pick<T>(list: readonly T[], day: string): T {
  const index = ((dayNumber(day) % list.length) + list.length) % list.length
  return list[index]!
}

/** The built-in quote, coach's tip and challenge of `day` ('YYYY-MM-DD'). */
export function libraryContentFor(day: string): {
  quote: LibraryQuote
  coachTip: string
  challenge: LibraryChallenge
} {
  return {
    quote: pick(libraryQuotes, day),
    coachTip: pick(libraryCoachTips, day),
    challenge: pick(libraryChallenges, day),
  }
}
