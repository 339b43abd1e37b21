// The words the pre-score's rules look for. Plain lists, so a coach who asks
// "why did it not count X?" gets an answer by reading them.

/**
 * Keywords recruiters and ATS searches commonly use, across trades: looked for
 * when the member has given no target skills (no goals, no skills, no job chosen).
 */
export const commonKeywords = [
  // technical
  'Python',
  'Java',
  'JavaScript',
  'TypeScript',
  'SQL',
  'C++',
  'C#',
  'Golang',
  'Rust',
  'Ruby',
  'PHP',
  'Swift',
  'Kotlin',
  'Scala',
  'HTML',
  'CSS',
  'React',
  'Angular',
  'Vue',
  'Node.js',
  'Django',
  'Flask',
  'Spring',
  '.NET',
  'REST',
  'GraphQL',
  'API',
  'microservices',
  'AWS',
  'Azure',
  'GCP',
  'cloud',
  'Docker',
  'Kubernetes',
  'Terraform',
  'Linux',
  'Git',
  'CI/CD',
  'DevOps',
  'PostgreSQL',
  'MySQL',
  'MongoDB',
  'Redis',
  'Kafka',
  'Spark',
  'Hadoop',
  'ETL',
  'data analysis',
  'data pipelines',
  'machine learning',
  'deep learning',
  'TensorFlow',
  'PyTorch',
  'NLP',
  'statistics',
  'A/B testing',
  'Tableau',
  'Power BI',
  'Excel',
  'security',
  'testing',
  'automation',
  'Jira',
  'Figma',
  'UX',
  'SaaS',
  // ways of working
  'agile',
  'scrum',
  'project management',
  'product management',
  'stakeholder',
  'leadership',
  'mentoring',
  'cross-functional',
  'communication',
  'collaboration',
  'problem solving',
  'strategy',
  'research',
  'analytics',
  'reporting',
  'documentation',
  'training',
  // business
  'budget',
  'forecasting',
  'KPI',
  'ROI',
  'revenue',
  'sales',
  'marketing',
  'SEO',
  'CRM',
  'Salesforce',
  'customer',
  'operations',
  'supply chain',
  'logistics',
  'compliance',
  'risk management',
  'negotiation',
  'recruiting',
  'finance',
  'accounting',
  'ERP',
  'SAP',
] as const

/** Distinct common keywords that earn full marks when no target skills are given. */
export const commonKeywordsForFullMarks = 15

/** Verbs a strong bullet starts with, in the past tense résumés use. */
const pastTenseVerbs = `accelerated achieved acquired adapted addressed administered advised advocated allocated
analyzed analysed architected arranged assembled assessed audited authored automated balanced benchmarked boosted
budgeted built calculated captured championed clarified coached collaborated compiled completed composed computed
conceived conceptualized conducted configured consolidated constructed consulted contributed controlled converted
coordinated co-authored co-founded co-led created cultivated curated cut debugged decreased defined delegated delivered
deployed designed detected developed devised diagnosed directed discovered doubled drafted drove earned edited educated
eliminated enabled engineered enhanced established evaluated executed expanded expedited facilitated filed forecasted
formulated fostered founded generated grew guided halved handled headed hired identified implemented improved
increased influenced initiated innovated inspected installed instituted integrated interviewed introduced invented
investigated launched led lectured leveraged maintained managed marketed maximized measured mentored merged migrated
minimized modeled modelled modernized monitored motivated negotiated operated optimized optimised orchestrated
organized organised originated outperformed overhauled oversaw partnered performed piloted pioneered planned prepared
presented prioritized produced programmed promoted proposed prototyped provisioned published raised ran rebuilt
recommended reconciled recruited redesigned reduced refactored reformed refined regulated reorganized replaced
reported represented researched resolved restructured revamped reviewed revised saved scaled scheduled screened
secured shaped shipped simplified slashed solved spearheaded standardized standardised steered streamlined
strengthened structured supervised supported surpassed synthesized taught tested trained transformed translated
tripled troubleshot tuned unified upgraded validated won wrote`
  .split(/\s+/)
  .filter(Boolean)

const irregularPresent: Record<string, string> = {
  built: 'build',
  drove: 'drive',
  grew: 'grow',
  led: 'lead',
  'co-led': 'co-lead',
  oversaw: 'oversee',
  ran: 'run',
  rebuilt: 'rebuild',
  taught: 'teach',
  troubleshot: 'troubleshoot',
  won: 'win',
  wrote: 'write',
  cut: 'cut',
}

/** Present forms that open a bullet as nouns more often than as verbs ('Research on ...', 'Lead engineer ...'). */
const nounsFirst = new Set([
  'research',
  'lead',
  'support',
  'report',
  'review',
  'test',
  'plan',
  'program',
  'model',
  'file',
])

/** The present tense too ('Design', 'Builds'): a current role is often written so. */
function presentFormsOf(past: string): string[] {
  return presentStemsOf(past)
    .filter((stem) => !nounsFirst.has(stem))
    .flatMap((stem) => [stem, `${stem}s`, `${stem}es`])
}

function presentStemsOf(past: string): string[] {
  const irregular = irregularPresent[past]
  if (irregular) return [irregular]
  if (past.endsWith('ied')) return [`${past.slice(0, -3)}y`]
  if (/([^aeiou])\1ed$/.test(past)) return [past.slice(0, -3)]
  // 'created' -> 'create', 'designed' -> 'design' (the other guess is no word, and harmless)
  return [past.slice(0, -1), past.slice(0, -2)]
}

export const actionVerbs: ReadonlySet<string> = new Set(
  pastTenseVerbs.flatMap((past) => [past, ...presentFormsOf(past)]),
)

/** Section headings an ATS recognises, as whole lines (letter case, a trailing colon and letter spacing aside). */
export const sectionHeadings = {
  experience:
    /^(?:(?:work|professional|relevant|industry|employment|career|research|teaching|internship)\s+)?experiences?$|^(?:work|employment|career|professional|job)\s+history$|^employment$/i,
  education:
    /^(?:education|educational background|academic background|academic history|academic qualifications|qualifications|education (?:and|&) (?:training|certifications?|qualifications))$/i,
  skills:
    /^(?:[\p{L}&/-]+\s+){0,3}skills(?:\s+(?:and|&)\s+[\p{L}]+(?:\s+[\p{L}]+)?)?$|^(?:technologies|tech(?:nical)? stack|tools(?: (?:and|&) technologies)?|core competencies|competencies|expertise|areas of expertise)$/iu,
} as const
export type SectionWithHeading = keyof typeof sectionHeadings

/** Other headings a resume commonly has: a bullet's wrapped lines never run into one. */
export const otherHeadings =
  /^(?:[\p{L}&]+\s+){0,2}(?:projects|publications|awards|honou?rs|certifications?|certificates|summary|profile|objective|interests|languages|volunteering|activities|references|patents|talks|presentations|leadership|community|courses|coursework)$/iu
