import type { JobType } from '#shared/jobs/schemas.ts'
import type { SoftSkill, TechnicalSkill } from '#shared/jobs/skills.ts'

// The demo board of the embedded default (README: `npm start` seeds a demo
// database): invented companies, realistic roles. Never seeded into a real
// deployment (SEED_DEMO_DATA).

type Role = {
  title: string
  type: JobType
  salary: string
  technicalSkills: TechnicalSkill[]
  softSkills: SoftSkill[]
  description: string
  requirements: string[]
  responsibilities: string[]
}

const roles: Role[] = [
  {
    title: 'Senior Frontend Engineer',
    type: 'Full-time',
    salary: '$140,000 - $170,000',
    technicalSkills: ['TypeScript', 'React', 'HTML & CSS', 'REST APIs'],
    softSkills: ['Communication', 'Mentoring'],
    description:
      'Own the customer-facing web app used by thousands of small businesses every day. You will shape our design system, raise the bar on accessibility and performance, and pair with product designers from first sketch to release.',
    requirements: [
      '5+ years building production web apps',
      'Deep TypeScript and React experience',
      'A track record of accessible, fast interfaces',
    ],
    responsibilities: [
      'Lead frontend architecture decisions',
      'Review code and mentor two mid-level engineers',
      'Work with design on the component library',
    ],
  },
  {
    title: 'Backend Engineer (Node.js)',
    type: 'Full-time',
    salary: '$120,000 - $150,000',
    technicalSkills: ['Node.js', 'TypeScript', 'SQL', 'Docker', 'AWS'],
    softSkills: ['Problem Solving', 'Teamwork'],
    description:
      'Build the APIs and background jobs behind our payments platform. We care about correctness, observability and boring, well-tested code that keeps working at 3 a.m.',
    requirements: [
      '3+ years with Node.js in production',
      'Comfortable with PostgreSQL and query tuning',
      'Experience running services on AWS',
    ],
    responsibilities: [
      'Design and ship new API endpoints',
      'Improve reliability and monitoring',
      'Take part in a fair on-call rotation',
    ],
  },
  {
    title: 'Data Analyst',
    type: 'Full-time',
    salary: '$85,000 - $105,000',
    technicalSkills: ['SQL', 'Python', 'Data Analysis', 'Power BI'],
    softSkills: ['Communication', 'Critical Thinking', 'Attention to Detail'],
    description:
      'Turn product and sales data into decisions. You will build the dashboards leadership reads every Monday and run the analyses behind pricing and retention work.',
    requirements: [
      'Strong SQL',
      'Experience with a BI tool (Power BI, Tableau or Looker)',
      'Able to explain numbers to non-specialists',
    ],
    responsibilities: [
      'Maintain core business dashboards',
      'Answer ad-hoc questions from product and sales',
      'Design and read A/B tests',
    ],
  },
  {
    title: 'Product Manager',
    type: 'Full-time',
    salary: '$130,000 - $155,000',
    technicalSkills: ['Data Analysis', 'Figma'],
    softSkills: ['Leadership', 'Communication', 'Stakeholder Management', 'Decision Making'],
    description:
      'Lead a cross-functional squad building onboarding and activation. You will talk to customers every week, define what we build and why, and measure whether it worked.',
    requirements: [
      '3+ years of product management in B2B software',
      'Comfort with data and experimentation',
      'Excellent written communication',
    ],
    responsibilities: [
      'Own the activation roadmap',
      'Write clear problem statements and specs',
      'Run discovery interviews with customers',
    ],
  },
  {
    title: 'DevOps Engineer',
    type: 'Full-time',
    salary: '$125,000 - $150,000',
    technicalSkills: ['Kubernetes', 'Terraform', 'AWS', 'CI/CD', 'Linux', 'Docker'],
    softSkills: ['Problem Solving', 'Collaboration'],
    description:
      'Make shipping safe and fast for forty engineers. You will run our Kubernetes clusters, keep infrastructure in code and shorten the path from merge to production.',
    requirements: ['Hands-on Kubernetes and Terraform', 'Linux administration', 'Experience designing CI/CD pipelines'],
    responsibilities: [
      'Operate and upgrade production clusters',
      'Automate environments with Terraform',
      'Improve build and deploy times',
    ],
  },
  {
    title: 'UX Designer',
    type: 'Contract',
    salary: '$70 - $90 per hour',
    technicalSkills: ['Figma', 'HTML & CSS'],
    softSkills: ['Creativity', 'Communication', 'Collaboration'],
    description:
      'A six-month contract to redesign our mobile booking flow. You will research with real users, prototype in Figma and hand off designs engineers love to build.',
    requirements: [
      'A portfolio of shipped product design work',
      'Fluent in Figma',
      'Experience running usability tests',
    ],
    responsibilities: [
      'Plan and run user research',
      'Design and prototype the new flow',
      'Work daily with two engineers',
    ],
  },
  {
    title: 'Machine Learning Engineer',
    type: 'Full-time',
    salary: '$150,000 - $185,000',
    technicalSkills: ['Python', 'Machine Learning', 'SQL', 'Google Cloud', 'Docker'],
    softSkills: ['Critical Thinking', 'Collaboration'],
    description:
      'Put models into production that forecast demand for 2,000 stores. You will own the path from notebook to monitored service and work closely with analysts and engineers.',
    requirements: [
      'Production ML experience in Python',
      'Solid software engineering practices',
      'Experience with a major cloud provider',
    ],
    responsibilities: [
      'Train, evaluate and deploy forecasting models',
      'Build feature pipelines',
      'Monitor model quality over time',
    ],
  },
  {
    title: 'Cybersecurity Analyst',
    type: 'Full-time',
    salary: '$95,000 - $120,000',
    technicalSkills: ['Cybersecurity', 'Linux', 'Azure'],
    softSkills: ['Attention to Detail', 'Problem Solving', 'Communication'],
    description:
      'Protect a hospital network and the patient data it holds. You will triage alerts, lead incident response and help teams fix weaknesses before attackers find them.',
    requirements: [
      '2+ years in a security operations role',
      'Knowledge of common attack techniques',
      'A security certification is a plus',
    ],
    responsibilities: [
      'Monitor and triage security alerts',
      'Run incident response',
      'Coordinate vulnerability remediation',
    ],
  },
  {
    title: 'Marketing Coordinator',
    type: 'Part-time',
    salary: '$28 - $34 per hour',
    technicalSkills: ['Data Analysis'],
    softSkills: ['Communication', 'Creativity', 'Time Management'],
    description:
      'Twenty-five hours a week helping a small team run campaigns, events and the newsletter. Ideal for someone growing a marketing career alongside other commitments.',
    requirements: ['Excellent writing', 'Comfort with e-mail and social media tools', 'Organised and reliable'],
    responsibilities: [
      'Coordinate campaign calendars',
      'Write and schedule the newsletter',
      'Report weekly on campaign results',
    ],
  },
  {
    title: 'Software Engineering Intern',
    type: 'Internship',
    salary: '$30 per hour',
    technicalSkills: ['JavaScript', 'Python', 'SQL'],
    softSkills: ['Teamwork', 'Adaptability', 'Communication'],
    description:
      'A twelve-week summer internship on a real product team. You will ship features to production with a dedicated mentor and present your work to the company at the end.',
    requirements: [
      'Studying computer science or a related field',
      'Some experience with JavaScript or Python',
      'Curiosity and willingness to ask questions',
    ],
    responsibilities: [
      'Build and test a scoped feature',
      'Join code reviews and stand-ups',
      'Present a demo at the end of the internship',
    ],
  },
  {
    title: 'Cloud Solutions Architect',
    type: 'Remote',
    salary: '$160,000 - $190,000',
    technicalSkills: ['Azure', 'AWS', 'Cloud Computing', 'Terraform', 'Kubernetes'],
    softSkills: ['Stakeholder Management', 'Presentation Skills', 'Leadership'],
    description:
      'Help enterprise customers move critical workloads to the cloud. Fully remote within North America, with occasional travel to customer workshops.',
    requirements: [
      '7+ years in infrastructure or platform roles',
      'Deep knowledge of at least one major cloud',
      'Confident presenting to executives',
    ],
    responsibilities: [
      'Design target architectures with customers',
      'Lead technical workshops',
      'Guide delivery teams through migrations',
    ],
  },
  {
    title: 'HR Business Partner',
    type: 'Full-time',
    salary: '$90,000 - $110,000',
    technicalSkills: [],
    softSkills: ['Emotional Intelligence', 'Conflict Resolution', 'Communication', 'Negotiation'],
    description:
      'Partner with engineering and sales leaders on hiring, growth and team health for a 300-person company that is still building its people practices.',
    requirements: [
      '4+ years as an HR generalist or business partner',
      'Knowledge of employment law in your state',
      'Sound judgement and discretion',
    ],
    responsibilities: [
      'Advise managers on performance and growth',
      'Run the review cycle for your groups',
      'Handle employee relations cases',
    ],
  },
]

const companies = [
  { name: 'Northwind Analytics', location: 'New York, NY' },
  { name: 'Lumen Health', location: 'Boston, MA' },
  { name: 'Harbor Payments', location: 'Chicago, IL' },
  { name: 'Evergreen Retail Group', location: 'Seattle, WA' },
  { name: 'Bluepeak Software', location: 'Austin, TX' },
  { name: 'Cedar & Stone Consulting', location: 'Toronto, ON' },
  { name: 'Quantum Freight', location: 'Denver, CO' },
]

const benefitSets = [
  ['Health, dental and vision cover', 'Four weeks of paid time off', '401(k) with 4% match'],
  ['Flexible hours and a hybrid week', '$1,500 yearly learning budget', 'Paid parental leave'],
  ['Remote-first team with quarterly meetups', 'Home office allowance', 'Equity for every employee'],
]

type DemoJob = Role & { company: string; location: string; remote: boolean; benefits: string[]; postedDaysAgo: number }

/** 36 open roles: every role at three companies, posted over the last five weeks. */
export const demoJobs: DemoJob[] = roles.flatMap((role, roleIndex) =>
  [0, 1, 2].map((offset) => {
    const company = companies[(roleIndex * 3 + offset) % companies.length]!
    const remote = role.type === 'Remote' || offset === 2
    return {
      ...role,
      company: company.name,
      location: role.type === 'Remote' ? 'Remote (US & Canada)' : company.location,
      remote,
      benefits: benefitSets[(roleIndex + offset) % benefitSets.length]!,
      postedDaysAgo: (roleIndex * 3 + offset * 11) % 35,
    }
  }),
)
