import { readFile } from 'node:fs/promises'
import type { Db } from '#server/db/client.ts'
import { newObjectKey, type Storage } from '#server/platform/storage.ts'
import {
  createCategory,
  createCourse,
  createLesson,
  createModule,
  createQuiz,
  type NewCourse,
  type NewQuestion,
} from '#server/testing/courses.ts'
import type { CourseLevel } from '#shared/courses/constants.ts'

// The demo course catalogue of the embedded default (issue 15; README: `npm start`
// seeds a demo database): five categories and twelve published courses from real
// learning platforms, invented but plausible, with durations in every range of the
// browse page and the marketplace (spec 001 §9), free and priced ones, one on sale,
// and in 'SQL for Data Analysis' a short video of ours (served with byte ranges)
// and a quiz. Never seeded into a real deployment unless asked (SEED_DEMO_DATA).

/** The lesson video: 6 s, 320x180 test pattern, H.264, moov first (ffmpeg once; not needed at runtime). */
export const demoVideoFile = new URL('./assets/demo-lesson.mp4', import.meta.url)

export const demoCategories = [
  {
    name: 'Data & Analytics',
    description: 'SQL, spreadsheets, dashboards and machine learning: turning data into decisions.',
  },
  {
    name: 'Software Development',
    description: 'Programming languages, front-end frameworks and the habits of shipping good code.',
  },
  {
    name: 'Cloud & DevOps',
    description: 'Cloud platforms, containers and the practice of running software reliably.',
  },
  {
    name: 'Product & Design',
    description: 'Deciding what to build and making it usable: product management and UX research.',
  },
  { name: 'Career Skills', description: 'Interviewing, negotiating and the skills that move a career forward.' },
] as const

type CategoryName = (typeof demoCategories)[number]['name']

type DemoLesson = { title: string; minutes: number } & (
  | { type: 'reading' | 'assignment'; content: string }
  | { type: 'video' }
  | { type: 'quiz'; questions: Array<Pick<NewQuestion, 'prompt' | 'choices' | 'correctChoice'>> }
)
type DemoModule = { title: string; description: string; lessons: DemoLesson[] }
type DemoCourse = {
  title: string
  description: string
  category: CategoryName
  provider: string
  level: CourseLevel
  durationHours: number
  skills: string[]
  salaryRange: string
  affiliateUrl: string
  priceCents: number
  /** a sale running until this many days after seeding */
  sale?: { priceCents: number; endsInDays: number }
  hasCertification?: boolean
  isFeatured?: boolean
  postedDaysAgo: number
  modules: DemoModule[]
}

/** Markdown from paragraphs (a list is one paragraph of `- ` lines). */
const md = (...paragraphs: string[]) => paragraphs.join('\n\n')
const reading = (title: string, minutes: number, ...paragraphs: string[]): DemoLesson => ({
  title,
  minutes,
  type: 'reading',
  content: md(...paragraphs),
})

export const demoCourses: DemoCourse[] = [
  {
    title: 'SQL for Data Analysis',
    description:
      'Answer real business questions with SQL: filter, summarise and join tables in PostgreSQL, then turn the results into a short analysis your manager can act on.',
    category: 'Data & Analytics',
    provider: 'Coursera',
    level: 'Beginner',
    durationHours: 12,
    skills: ['SQL', 'PostgreSQL', 'Data Analysis'],
    salaryRange: '$70,000 - $95,000',
    affiliateUrl: 'https://www.coursera.org/learn/sql-for-data-analysis',
    priceCents: 4900,
    hasCertification: true,
    isFeatured: true,
    postedDaysAgo: 2,
    modules: [
      {
        title: 'Getting started',
        description: 'How the course works and how a database holds your data.',
        lessons: [
          { title: 'Welcome: what you will be able to answer', minutes: 1, type: 'video' },
          reading(
            'Tables, rows and the questions you ask',
            10,
            'A relational database keeps data in **tables**. Each row is one thing (an order, a customer, a visit) and each column is one fact about it. Before you write any SQL, say in one sentence what a row of your answer should be: "one row per customer" or "one row per month".',
            'Most analysis questions fit one of three shapes:',
            '- **Which ones?** a filtered list (customers who ordered last week)\n- **How many, how much?** a summary (revenue per region)\n- **What goes with what?** a combination of tables (orders with their customers)',
            'Keep that sentence next to your query. When the result has more or fewer rows than you expected, it is almost always because the query answers a different question than the one you wrote down.',
          ),
        ],
      },
      {
        title: 'Filtering and summarising',
        description: 'WHERE, GROUP BY and HAVING: the three clauses behind most reports.',
        lessons: [
          reading(
            'Choosing rows with WHERE',
            12,
            '`WHERE` keeps the rows for which a condition is true. Conditions combine with `AND` and `OR`; use parentheses whenever you mix them, because `AND` binds first.',
            "```sql\nselect order_id, customer_id, total\nfrom orders\nwhere status = 'paid'\n  and (country = 'CA' or country = 'US')\n  and created_at >= date '2026-01-01'\norder by total desc\nlimit 20;\n```",
            'Watch out for `NULL`: a comparison with an unknown value is neither true nor false, so `where discount <> 0` silently drops the rows where `discount` is null. Write `where discount is distinct from 0` when you mean "anything but zero, including unknown".',
          ),
          reading(
            'Summaries with GROUP BY',
            15,
            '`GROUP BY` turns many rows into one row per group, and aggregate functions (`count`, `sum`, `avg`, `min`, `max`) summarise each group. Every column in the `select` list must either be in the `group by` or inside an aggregate.',
            "```sql\nselect region, count(*) as orders, sum(total) as revenue\nfrom orders\nwhere status = 'paid'\ngroup by region\nhaving sum(total) > 10000\norder by revenue desc;\n```",
            '`WHERE` filters rows before they are grouped; `HAVING` filters the groups afterwards. If a condition mentions an aggregate, it belongs in `HAVING`.',
          ),
          {
            title: 'Check yourself: filtering and grouping',
            minutes: 10,
            type: 'quiz',
            questions: [
              {
                prompt: 'Which clause keeps only the rows that meet a condition?',
                choices: ['ORDER BY', 'WHERE', 'GROUP BY', 'LIMIT'],
                correctChoice: 1,
              },
              {
                prompt: 'You want one row per region with its total sales. What do you add to the query?',
                choices: ['GROUP BY region', 'ORDER BY region', 'WHERE region IS NOT NULL', 'DISTINCT total'],
                correctChoice: 0,
              },
              {
                prompt: 'Which clause filters groups after they have been summarised?',
                choices: ['WHERE', 'HAVING', 'ON', 'LIMIT'],
                correctChoice: 1,
              },
              {
                prompt: 'What does count(*) count?',
                choices: [
                  'Every row, including rows with NULL values',
                  'Only the non-NULL values of the first column',
                  'The distinct values',
                  'The columns of the table',
                ],
                correctChoice: 0,
              },
            ],
          },
        ],
      },
      {
        title: 'Combining tables',
        description: 'Joins, and a first analysis from question to recommendation.',
        lessons: [
          reading(
            'Inner and left joins',
            15,
            'A join lines up rows from two tables on a condition, usually a key: `orders.customer_id = customers.id`. An **inner join** keeps only the pairs that match; a **left join** keeps every row of the left table and fills the right side with nulls when nothing matches.',
            '```sql\nselect c.name, count(o.order_id) as orders\nfrom customers c\nleft join orders o on o.customer_id = c.id\ngroup by c.name;\n```',
            'Use a left join when "none" is part of the answer: customers who never ordered show up with 0 here, and would disappear with an inner join. Always check the row count before and after a join: if it grows unexpectedly, the key you joined on is not unique.',
          ),
          {
            title: 'Your first analysis: repeat customers',
            minutes: 45,
            type: 'assignment',
            content: md(
              'Using the sample store database from this course, find out how many customers ordered more than once in the last 90 days, and how much of the revenue they brought in.',
              '1. Write the question as one sentence, and what one row of your answer is.\n2. Count orders per customer in the period.\n3. Split customers into "one order" and "repeat", and sum the revenue of each group.\n4. Write three sentences for your manager: the numbers, what they mean, and one thing to try next.',
              'Share your query and your three sentences in the community if you would like feedback.',
            ),
          },
        ],
      },
    ],
  },
  {
    title: 'Excel Essentials for Business Reporting',
    description:
      'Build the weekly report your team actually reads: clean data with tables, summarise it with PivotTables and present it with charts that make one point each.',
    category: 'Data & Analytics',
    provider: 'Udemy',
    level: 'Beginner',
    durationHours: 4.5,
    skills: ['Excel', 'PivotTables', 'Reporting'],
    salaryRange: '$50,000 - $70,000',
    affiliateUrl: 'https://www.udemy.com/course/excel-essentials-for-business-reporting/',
    priceCents: 8499,
    sale: { priceCents: 1499, endsInDays: 21 },
    postedDaysAgo: 5,
    modules: [
      {
        title: 'Clean data first',
        description: 'Most reporting problems are data problems: fix them once, at the source.',
        lessons: [
          reading(
            'Tables instead of ranges',
            10,
            'Select your data and press **Ctrl+T**. An Excel table grows when you paste new rows, keeps its header when you scroll, and lets formulas refer to columns by name: `=SUM(Sales[Amount])` instead of `=SUM(D2:D4381)`.',
            "Give every table a name on the Table Design tab (`Sales`, `Targets`). PivotTables and charts built on a named table pick up new rows on refresh, so next week's report is a refresh rather than a rebuild.",
            'One rule keeps tables healthy: one header row, one kind of value per column, and no blank rows or subtotal rows inside the data.',
          ),
          reading(
            'Fixing text, dates and duplicates',
            15,
            'Exports from other systems bring trailing spaces, numbers stored as text and dates Excel does not recognise. `TRIM` and `CLEAN` tidy text; **Text to Columns** with a date format converts text dates in place.',
            '- Numbers stored as text: select the column, use the warning icon and choose *Convert to Number*.\n- Duplicates: **Data > Remove Duplicates**, but copy the sheet first so you can compare.\n- Inconsistent names ("Acme Inc" and "ACME Inc."): fix them with a small lookup table rather than by hand.',
            'Write down each fix you make. When the same export arrives next week, the list becomes a checklist, or a Power Query that does it for you.',
          ),
        ],
      },
      {
        title: 'Reports people read',
        description: 'Summaries and charts that answer the questions the team asks every week.',
        lessons: [
          reading(
            'PivotTables in ten minutes',
            12,
            'Insert a PivotTable from your named table, then drag fields: categories to **Rows**, time to **Columns**, amounts to **Values**. That is a month-by-region revenue report in four clicks.',
            'Right-click a value and choose *Show Values As* to switch between totals, percentages of the row and differences from last month, without writing a formula.',
            'Add a **Slicer** for the fields people filter by (region, product line). It makes the report usable for colleagues who have never touched a PivotTable.',
          ),
          reading(
            'Charts that make one point',
            10,
            'Decide the sentence before you choose the chart: "Online sales overtook stores in March". A line chart shows change over time, a bar chart compares categories, and a pie chart is rarely the clearest choice.',
            'Remove what does not support the sentence: gridlines, the legend (label the lines directly), 3-D effects. Use one strong colour for the series that matters and grey for the rest.',
            'Put the sentence itself in the chart title. Readers who only glance at the report still get the point.',
          ),
        ],
      },
    ],
  },
  {
    title: 'Data Visualization with Power BI',
    description:
      'Model your data, write your first DAX measures and design interactive reports that stay fast and readable as the data grows.',
    category: 'Data & Analytics',
    provider: 'LinkedIn Learning',
    level: 'Intermediate',
    durationHours: 6,
    skills: ['Power BI', 'DAX', 'Data Visualization'],
    salaryRange: '$75,000 - $100,000',
    affiliateUrl: 'https://www.linkedin.com/learning/data-visualization-with-power-bi',
    priceCents: 3999,
    postedDaysAgo: 9,
    modules: [
      {
        title: 'Modelling the data',
        description: 'A good model makes every later report simpler.',
        lessons: [
          reading(
            'Star schemas in plain words',
            12,
            'A star schema has one **fact** table in the middle (sales lines, support tickets) and **dimension** tables around it (date, product, customer). Facts hold the numbers; dimensions hold what you filter and group by.',
            'Relate each dimension to the fact table with a one-to-many relationship on a key. Avoid relating dimensions to each other, and avoid two-way filters unless you know exactly why you need one.',
            'Always add a proper date table and mark it as one. Time intelligence functions (year to date, same period last year) depend on it.',
          ),
          reading(
            'Measures versus calculated columns',
            15,
            'A **calculated column** is computed once per row when the data refreshes and stored in the model. A **measure** is computed on the fly, for whatever filters the visual applies.',
            "```\nTotal Sales = SUM ( Sales[Amount] )\nSales LY = CALCULATE ( [Total Sales], SAMEPERIODLASTYEAR ( 'Date'[Date] ) )\n```",
            'Prefer measures for anything you add up or compare: they keep the model small and respond to slicers. Use a calculated column only when you need to filter or group by the result.',
          ),
        ],
      },
      {
        title: 'Designing the report',
        description: 'Layout, interaction and sharing.',
        lessons: [
          reading(
            'One page, one question',
            10,
            'Give every report page a single question it answers, and write it as the page title. The most important number goes top left, where eyes land first.',
            '- Cards for the two or three headline numbers\n- A line chart for the trend\n- A bar chart or table for the breakdown\n- Slicers along one edge, not scattered',
            'If a page needs a paragraph of explanation, it is probably two pages.',
          ),
          reading(
            'Publishing and refresh',
            10,
            'Publish to a workspace your audience can reach, then set a scheduled refresh so the numbers are current when people open the report on Monday morning.',
            'Check the refresh history after the first few runs. Failed refreshes are usually expired credentials or a source file that moved.',
            'Share the app or the workspace rather than individual reports: access then stays in one place when people join or leave the team.',
          ),
        ],
      },
    ],
  },
  {
    title: 'Machine Learning Foundations',
    description:
      'A rigorous introduction to supervised learning: framing problems, building baselines, training and evaluating models in Python, and keeping them healthy once they are in production.',
    category: 'Data & Analytics',
    provider: 'edX',
    level: 'Advanced',
    durationHours: 60,
    skills: ['Python', 'Machine Learning', 'scikit-learn', 'Statistics'],
    salaryRange: '$120,000 - $165,000',
    affiliateUrl: 'https://www.edx.org/learn/machine-learning/machine-learning-foundations',
    priceCents: 29900,
    hasCertification: true,
    isFeatured: true,
    postedDaysAgo: 14,
    modules: [
      {
        title: 'Framing the problem',
        description: 'Most failed models were the wrong model for the question.',
        lessons: [
          reading(
            'From a business question to a prediction task',
            15,
            '"Reduce churn" is a goal, not a prediction task. A task names the **unit** (a subscriber), the **moment** you predict (the first day of each month), the **target** (cancels within 30 days) and the **action** someone takes with the prediction.',
            'Write down what data is available at the moment of prediction. Features computed with information from after that moment leak the answer, and leaks are the most common reason a model that scores well offline fails in production.',
            'Finally, ask what a wrong prediction costs in each direction. That decides your metric and threshold far more than any algorithm choice.',
          ),
          reading(
            'Baselines you must beat',
            10,
            "Before training anything, score the simplest possible predictors: always predict the most common class, predict last month's value, or apply the rule the team already uses.",
            'A baseline tells you whether the problem is easy, whether your evaluation works, and how much a model is really worth. A model that beats "predict no churn" by half a percentage point is rarely worth maintaining.',
            'Keep the baseline in every results table you share.',
          ),
        ],
      },
      {
        title: 'Training and evaluating',
        description: 'Honest evaluation is most of the work.',
        lessons: [
          reading(
            'Train, validation and test splits',
            15,
            'Split your data before you look at it closely. Train on the training set, tune on the validation set, and touch the test set once, at the end, to report the result.',
            'When rows are ordered in time, split by time: train on the past, validate on the period after it. A random split lets the model peek at the future and overstates its accuracy.',
            '```python\nfrom sklearn.model_selection import TimeSeriesSplit\nfor train_idx, valid_idx in TimeSeriesSplit(n_splits=5).split(X):\n    model.fit(X.iloc[train_idx], y.iloc[train_idx])\n```',
          ),
          reading(
            'Choosing a metric',
            12,
            'Accuracy misleads when classes are imbalanced: with 3 % churn, a model that never predicts churn is 97 % accurate. Look at **precision** (of those flagged, how many were right) and **recall** (of the real cases, how many were flagged).',
            'When a ranking matters more than a threshold, use ROC AUC or, for rare positives, the area under the precision-recall curve. For regression, report the error in the unit people understand (dollars, days) as well as the squared error you optimise.',
            'Agree on the metric with the people who will use the model before you start tuning.',
          ),
          reading(
            'Overfitting and how to see it',
            12,
            'A model overfits when it learns the noise of the training data. The sign is a gap: a training score far above the validation score.',
            '- Plot learning curves: scores against training set size.\n- Regularise (smaller trees, stronger penalties) and watch the gap close.\n- Get more data or simpler features before reaching for a bigger model.',
            'Cross-validation gives a range rather than a single number. If the range is wide, the difference between two models may be luck.',
          ),
        ],
      },
      {
        title: 'Models in production',
        description: 'A model is software: it needs monitoring and owners.',
        lessons: [
          reading(
            'Monitoring drift',
            12,
            'The world changes after you train. **Data drift** is a change in the inputs (new customer segments, a changed form); **concept drift** is a change in how inputs relate to the target.',
            'Log every prediction with its inputs and, when it arrives, the true outcome. Compare the distributions of key features each week against the training data, and track the live metric once labels come in.',
            'Decide in advance what triggers retraining, and who is paged when the model misbehaves.',
          ),
          reading(
            'Explaining a model to stakeholders',
            10,
            'Stakeholders rarely need the algorithm. They need to know what the model is for, how often it is right in terms they care about, and what to do when it is wrong.',
            'Global explanations (which features matter overall) build trust; local explanations (why this customer was flagged) support decisions. Tools such as SHAP values provide both, but show them as plain sentences.',
            'Be explicit about what the model must not be used for.',
          ),
        ],
      },
    ],
  },
  {
    title: 'Python for Everyday Automation',
    description:
      'Learn enough Python to automate the boring parts of office work: renaming files, tidying spreadsheets and running small scripts on a schedule.',
    category: 'Software Development',
    provider: 'edX',
    level: 'Beginner',
    durationHours: 8,
    skills: ['Python', 'Automation', 'Scripting'],
    salaryRange: '$65,000 - $90,000',
    affiliateUrl: 'https://www.edx.org/learn/python/python-for-everyday-automation',
    priceCents: 0,
    postedDaysAgo: 4,
    modules: [
      {
        title: 'Python basics for scripts',
        description: 'Just enough of the language to be useful on day one.',
        lessons: [
          reading(
            'Running your first script',
            10,
            'Install Python 3 from python.org (tick *Add to PATH* on Windows), create a file called `hello.py` and run it from a terminal with `python hello.py`.',
            '```python\nfrom datetime import date\n\nprint(f"Hello! Today is {date.today():%A %d %B}.")\n```',
            'Use a proper editor such as VS Code with the Python extension: it runs scripts with one key, shows errors as you type and helps you find your way around new code.',
          ),
          reading(
            'Lists, dictionaries and loops',
            15,
            'A **list** holds things in order; a **dictionary** looks things up by a key. Together with a `for` loop, they cover most automation scripts.',
            '```python\nprices = {"coffee": 3.5, "tea": 2.8}\nfor item, price in prices.items():\n    print(f"{item}: ${price:.2f}")\n```',
            'Read error messages from the bottom up: the last line says what went wrong, and the lines above it say where.',
          ),
        ],
      },
      {
        title: 'Automating real chores',
        description: 'Three small scripts you will actually use.',
        lessons: [
          reading(
            'Renaming hundreds of files',
            12,
            'The `pathlib` module treats paths as objects. This script adds the date each photo was taken to its name:',
            '```python\nfrom datetime import datetime\nfrom pathlib import Path\n\nfor photo in Path("photos").glob("*.jpg"):\n    taken = datetime.fromtimestamp(photo.stat().st_mtime)\n    photo.rename(photo.with_stem(f"{taken:%Y-%m-%d} {photo.stem}"))\n```',
            'Always try a script like this on a copy of the folder first, and print what it would do before letting it do it.',
          ),
          reading(
            'Reading and writing CSV files',
            12,
            'The built-in `csv` module reads a spreadsheet export row by row. `csv.DictReader` gives each row as a dictionary keyed by the header, so your code says `row["email"]` instead of `row[3]`.',
            '```python\nimport csv\n\nwith open("signups.csv", newline="") as source, open("clean.csv", "w", newline="") as target:\n    writer = csv.writer(target)\n    for row in csv.DictReader(source):\n        writer.writerow([row["name"].strip().title(), row["email"].strip().lower()])\n```',
            'Open files with `newline=""`, as above, so line endings survive the round trip on every operating system.',
          ),
          reading(
            'Scheduling a script',
            8,
            'A script that runs itself is where automation pays off. On Windows, use **Task Scheduler**; on macOS and Linux, add a line to your crontab with `crontab -e`:',
            '```\n0 7 * * 1-5 /usr/bin/python3 /home/you/scripts/daily_report.py\n```',
            'Make scheduled scripts write a short log line each run, so you notice when they stop working.',
          ),
        ],
      },
    ],
  },
  {
    title: 'Modern JavaScript and TypeScript',
    description:
      'Write JavaScript the way teams do today, then add TypeScript for safer refactoring: modules, async code, types for real-world data and tests that run in seconds.',
    category: 'Software Development',
    provider: 'Udemy',
    level: 'Intermediate',
    durationHours: 24,
    skills: ['JavaScript', 'TypeScript', 'Node.js'],
    salaryRange: '$95,000 - $130,000',
    affiliateUrl: 'https://www.udemy.com/course/modern-javascript-and-typescript/',
    priceCents: 12999,
    postedDaysAgo: 11,
    modules: [
      {
        title: 'The language today',
        description: 'The parts of JavaScript every codebase uses.',
        lessons: [
          reading(
            'let, const and arrow functions',
            10,
            'Use `const` by default and `let` when a variable really changes; `var` has surprising scoping rules and no place in new code.',
            '```js\nconst total = (items) => items.reduce((sum, item) => sum + item.price, 0)\n```',
            'Arrow functions are short and do not have their own `this`, which makes them the natural choice for callbacks.',
          ),
          reading(
            'Async code with promises and await',
            15,
            'Anything that waits (a network request, a file, a timer) returns a **promise**. Inside an `async` function, `await` pauses until the promise settles and gives you its value.',
            '```js\nasync function loadUser(id) {\n  const response = await fetch(`/api/users/${id}`)\n  if (!response.ok) throw new Error(`User ${id}: ${response.status}`)\n  return response.json()\n}\n```',
            'Start independent work together with `Promise.all` instead of awaiting each request in turn.',
          ),
        ],
      },
      {
        title: 'Adding types',
        description: 'TypeScript as a tool for change, not ceremony.',
        lessons: [
          reading(
            'Why TypeScript',
            8,
            'Types are checked documentation. They tell your editor what a function expects, so it can complete names, catch typos and show every caller that breaks when you change a signature.',
            'Adopt TypeScript gradually: rename a file to `.ts`, fix what the compiler reports, and turn on `strict` as soon as you can.',
            'The goal is not zero `any`; it is that the code you change most often is the code the compiler understands best.',
          ),
          reading(
            'Types for objects and functions',
            15,
            'Describe data with `type` aliases, and let TypeScript infer the rest:',
            "```ts\ntype Order = { id: string; total: number; status: 'paid' | 'refunded' }\n\nfunction refundable(orders: Order[]) {\n  return orders.filter((order) => order.status === 'paid')\n}\n```",
            "Union types such as `'paid' | 'refunded'` replace magic strings, and the compiler tells you when a `switch` forgets a case.",
          ),
        ],
      },
      {
        title: 'Shipping code',
        description: 'Modules, packages and tests.',
        lessons: [
          reading(
            'Modules and packages',
            10,
            'ES modules (`import` and `export`) are the standard in browsers and Node. Keep one concern per file and export only what other files need.',
            'Install dependencies with `npm install`, commit the lock file, and update on purpose rather than by accident.',
            'Before adding a package, check how often it is released, how many dependencies it brings, and whether a few lines of your own would do.',
          ),
          reading(
            'Testing with Vitest',
            12,
            'Vitest runs tests written in TypeScript without a build step and re-runs them as you save.',
            "```ts\nimport { expect, test } from 'vitest'\nimport { total } from './cart'\n\ntest('adds up the prices', () => {\n  expect(total([{ price: 2 }, { price: 3 }])).toBe(5)\n})\n```",
            'Name tests after the behaviour a user would recognise, and test through the public interface so refactoring does not break them.',
          ),
        ],
      },
    ],
  },
  {
    title: 'React Front-End Development',
    description:
      'Build accessible, fast React applications: components and state, data fetching, forms and the habits that keep a growing front end maintainable.',
    category: 'Software Development',
    provider: 'Coursera',
    level: 'Intermediate',
    durationHours: 32,
    skills: ['React', 'JavaScript', 'HTML & CSS', 'Accessibility'],
    salaryRange: '$90,000 - $125,000',
    affiliateUrl: 'https://www.coursera.org/learn/react-front-end-development',
    priceCents: 4900,
    hasCertification: true,
    isFeatured: true,
    postedDaysAgo: 7,
    modules: [
      {
        title: 'Components and state',
        description: 'The core ideas of React.',
        lessons: [
          reading(
            'Thinking in components',
            12,
            'Start from a sketch of the screen and draw boxes around parts that have one job: a search box, a list, a list item. Each box becomes a component.',
            'Data flows down through props. Keep each piece of state in the closest common parent of the components that need it, and no higher.',
            'A component that is hard to name is usually doing two jobs.',
          ),
          reading(
            'State and events',
            12,
            '`useState` gives a component memory between renders. Call the setter in an event handler and React renders again with the new value.',
            '```tsx\nfunction Counter() {\n  const [count, setCount] = useState(0)\n  return <button onClick={() => setCount((c) => c + 1)}>Clicked {count} times</button>\n}\n```',
            'Derive what you can instead of storing it: a filtered list computed from the list and the filter can never fall out of sync.',
          ),
        ],
      },
      {
        title: 'Data and effects',
        description: 'Talking to a server and collecting input.',
        lessons: [
          reading(
            'Fetching data',
            15,
            'Fetching in `useEffect` by hand means handling loading, errors, caching and race conditions yourself. A library such as TanStack Query handles them for you and shares results between components.',
            "```tsx\nconst { data, isPending, error } = useQuery({\n  queryKey: ['courses', filters],\n  queryFn: () => fetchCourses(filters),\n})\n```",
            'Design the loading and error states along with the happy path: they are what people see on a slow connection.',
          ),
          reading(
            'Forms that help people',
            15,
            'Every input needs a visible label, and every error message should say how to fix the problem, next to the field it belongs to.',
            '- Validate on submit first, then as the person corrects the field.\n- Keep what they typed when something fails.\n- Move focus to the first error so keyboard and screen reader users find it.',
            'Share the validation rules with the server, so both sides say the same thing.',
          ),
        ],
      },
      {
        title: 'Quality',
        description: 'Accessibility and performance from the start.',
        lessons: [
          reading(
            'Accessibility from the start',
            12,
            'Use the right HTML element before reaching for ARIA: a `<button>` is focusable, announces itself and works with Enter and Space for free.',
            'Test with the keyboard alone, and run an automated checker such as axe in your tests. Automated tools find about a third of the problems, so also try a screen reader on your main flows.',
            'Accessible interfaces are better for everyone: clearer labels, visible focus and sufficient contrast help all users.',
          ),
          reading(
            'Performance basics',
            10,
            "Ship less JavaScript: load each page's code when the page is visited, and check what a new dependency adds to the bundle.",
            'Measure before optimising. The React Profiler shows which components render and why; most slowness comes from rendering too much, not from rendering slowly.',
            'Images are often the heaviest part of a page: size them for where they are shown and lazy-load those below the fold.',
          ),
        ],
      },
    ],
  },
  {
    title: 'Kubernetes for Platform Engineers',
    description:
      'Run production workloads on Kubernetes with confidence: scheduling, safe rollouts, observability and the operational habits of a platform team.',
    category: 'Cloud & DevOps',
    provider: 'edX',
    level: 'Advanced',
    durationHours: 45,
    skills: ['Kubernetes', 'Docker', 'Linux', 'Helm'],
    salaryRange: '$130,000 - $170,000',
    affiliateUrl: 'https://www.edx.org/learn/kubernetes/kubernetes-for-platform-engineers',
    priceCents: 29900,
    hasCertification: true,
    postedDaysAgo: 18,
    modules: [
      {
        title: 'Cluster fundamentals',
        description: 'The objects you will use every day.',
        lessons: [
          reading(
            'Pods, deployments and services',
            15,
            'A **pod** runs one or more containers that share a network address. You rarely create pods directly: a **deployment** keeps the desired number of identical pods running and replaces them when they fail.',
            'A **service** gives a changing set of pods one stable name and address, and load-balances across them.',
            '```yaml\napiVersion: apps/v1\nkind: Deployment\nmetadata: { name: api }\nspec:\n  replicas: 3\n  selector: { matchLabels: { app: api } }\n  template:\n    metadata: { labels: { app: api } }\n    spec:\n      containers:\n        - name: api\n          image: registry.example.com/api:1.4.2\n```',
          ),
          reading(
            'Requests, limits and scheduling',
            12,
            'The scheduler places pods by their **requests**: the CPU and memory they are guaranteed. **Limits** cap what they may use; a container over its memory limit is killed.',
            'Set requests from observed usage, not guesses. Too low and nodes are overcommitted; too high and you pay for idle capacity.',
            'Spread replicas across nodes and zones with topology spread constraints, so one failure does not take every copy down.',
          ),
        ],
      },
      {
        title: 'Operating safely',
        description: 'Releases and observability.',
        lessons: [
          reading(
            'Rolling updates and rollbacks',
            12,
            'A deployment replaces pods a few at a time. **Readiness probes** decide when a new pod receives traffic, so a broken version stops the rollout instead of taking the service down.',
            'Keep `maxUnavailable` low for critical services, and use `kubectl rollout undo` when a release misbehaves.',
            'Make rollbacks boring: practise them, and keep database migrations backward compatible with the previous release.',
          ),
          reading(
            'Observability: logs, metrics, traces',
            15,
            'Write logs to standard output as one JSON object per line; the cluster collects them. Expose metrics for rate, errors and duration on every service, and alert on symptoms users feel rather than on every cause.',
            'Traces connect one request across services and show where the time goes.',
            'A dashboard nobody looks at is not monitoring. Start with one page per service that answers "is it healthy right now?"',
          ),
        ],
      },
    ],
  },
  {
    title: 'AWS Cloud Fundamentals',
    description:
      'Understand the core AWS services and how they fit together: compute, storage, databases, networking, security and keeping the monthly bill predictable.',
    category: 'Cloud & DevOps',
    provider: 'Coursera',
    level: 'Beginner',
    durationHours: 16,
    skills: ['AWS', 'Cloud Computing', 'Networking'],
    salaryRange: '$80,000 - $110,000',
    affiliateUrl: 'https://www.coursera.org/learn/aws-cloud-fundamentals',
    priceCents: 0,
    postedDaysAgo: 21,
    modules: [
      {
        title: 'Core services',
        description: 'Where things run and where data lives.',
        lessons: [
          reading(
            'Regions and availability zones',
            10,
            'AWS runs in **regions** (for example `us-east-1`), each made of several **availability zones**: separate data centres with their own power and networking.',
            'Run anything important in at least two zones. Choose a region close to your users and in the jurisdiction your data must stay in.',
            'Some services are global (IAM, CloudFront) while most are regional: a bucket or a database lives in one region.',
          ),
          reading(
            'Compute, storage and databases',
            15,
            'The building blocks you will meet first:',
            '- **EC2**: virtual machines you manage\n- **Lambda**: functions that run on demand, billed per request\n- **S3**: object storage for files of any size\n- **RDS**: managed relational databases such as PostgreSQL',
            "Prefer managed services when they fit: patching, backups and failover become AWS's job instead of yours.",
          ),
        ],
      },
      {
        title: 'Security and cost',
        description: 'The two topics that surprise newcomers.',
        lessons: [
          reading(
            'The shared responsibility model',
            10,
            'AWS secures the cloud itself: buildings, hardware, the virtualisation layer. You secure what you put in it: accounts, permissions, network rules and data.',
            'Turn on multi-factor authentication for every person, never use the root account for daily work, and grant each role only the permissions it needs.',
            'Most cloud breaches start with a public bucket or a leaked access key, not with a clever attack.',
          ),
          reading(
            'Keeping the bill predictable',
            10,
            'Set a **budget** with an email alert on day one. Tag resources by project and owner so the bill can be read.',
            'The usual surprises are idle instances, unattached volumes, data transfer between regions and NAT gateways.',
            'Review Cost Explorer monthly, and delete experiments when they are over.',
          ),
        ],
      },
    ],
  },
  {
    title: 'Product Management Essentials',
    description:
      'What product managers actually do: find the problems worth solving, write a clear brief, prioritise with evidence and communicate a roadmap people trust.',
    category: 'Product & Design',
    provider: 'LinkedIn Learning',
    level: 'Beginner',
    durationHours: 3.5,
    skills: ['Product Management', 'Roadmapping', 'Prioritization'],
    salaryRange: '$110,000 - $150,000',
    affiliateUrl: 'https://www.linkedin.com/learning/product-management-essentials',
    priceCents: 2999,
    postedDaysAgo: 3,
    modules: [
      {
        title: 'What product managers do',
        description: 'Outcomes over output.',
        lessons: [
          reading(
            'Problems before solutions',
            10,
            'Requests arrive as solutions: "add an export button". Ask what the person is trying to get done and what happens today when they try. The real problem may have a simpler answer.',
            'Talk to customers every week, not just before a big project. Five conversations about the same task reveal patterns no single request shows.',
            'Write problems down with evidence: who has it, how often, and what it costs them.',
          ),
          reading(
            'Writing a one-page brief',
            12,
            'A brief aligns the team before anyone designs or builds. Keep it to one page:',
            '1. The problem and who has it\n2. Evidence that it matters\n3. The outcome we expect, and how we will measure it\n4. What is out of scope\n5. Open questions',
            'Share the brief early and invite disagreement. It is cheaper to change a page than a release.',
          ),
        ],
      },
      {
        title: 'Deciding what to build',
        description: 'Prioritising and planning in the open.',
        lessons: [
          reading(
            'Prioritising with RICE',
            10,
            'RICE scores an idea by **Reach** (how many people, per quarter), **Impact** (how much it helps each), **Confidence** (how sure you are) and **Effort** (person-months): (R x I x C) / E.',
            'The number matters less than the conversation. Writing down reach and confidence exposes the ideas that rest on one loud customer.',
            'Revisit scores when you learn something new rather than defending the old ones.',
          ),
          reading(
            'Roadmaps as a set of bets',
            10,
            'A roadmap lists problems and outcomes in order of priority, not features with dates. Group it by **now**, **next** and **later**, with more certainty near the top.',
            'Explain why each item is there, and what would make you change the order.',
            'Update it openly. A roadmap that changes when you learn is a sign of a team that learns.',
          ),
        ],
      },
    ],
  },
  {
    title: 'UX Research and Usability Testing',
    description:
      'Plan and run lightweight research: choose the right method, recruit participants, moderate a usability test and turn what you saw into findings a team acts on.',
    category: 'Product & Design',
    provider: 'Udemy',
    level: 'Intermediate',
    durationHours: 2,
    skills: ['User Research', 'Usability Testing', 'Figma'],
    salaryRange: '$85,000 - $115,000',
    affiliateUrl: 'https://www.udemy.com/course/ux-research-and-usability-testing/',
    priceCents: 0,
    postedDaysAgo: 12,
    modules: [
      {
        title: 'Planning research',
        description: 'Pick a method that fits the question.',
        lessons: [
          reading(
            'Choosing the right method',
            10,
            'Match the method to the question. **Interviews** explain why people do things; **usability tests** show whether they can do them with your design; **analytics** show how many do them.',
            'Write the decision the research will inform. If no decision depends on it, you do not need the study yet.',
            'Mix methods over time: numbers tell you where to look, conversations tell you what you are looking at.',
          ),
          reading(
            'Recruiting five participants',
            10,
            'Five participants from the right audience find most of the serious usability problems in a flow. Recruit people who do the task in real life, not colleagues.',
            'Screen with a short questionnaire about behaviour ("How did you last book a trip?") rather than opinions or demographics alone.',
            'Offer a fair incentive and schedule a spare slot: someone will cancel.',
          ),
        ],
      },
      {
        title: 'Running and reporting',
        description: 'From sessions to decisions.',
        lessons: [
          reading(
            'Moderating a usability test',
            12,
            'Give realistic tasks ("You want to move your Friday booking to next week") rather than instructions ("Click Edit"). Then stay quiet and watch.',
            'Ask participants to think aloud, and answer their questions with questions: "What would you expect to happen?"',
            'Invite the team to observe live. Seeing someone struggle convinces people faster than any report.',
          ),
          reading(
            'Turning notes into findings',
            12,
            'After each session, write down what happened, not what you think it means. When all sessions are done, group observations and count how many participants hit each problem.',
            'A good finding names the problem, its evidence, its severity and a recommendation.',
            'Keep the report short and lead with the three findings that matter most.',
          ),
        ],
      },
    ],
  },
  {
    title: 'Interviewing with Confidence',
    description:
      'Prepare for interviews in a focused weekend: research the role, shape your experience into clear stories and handle the questions you dread.',
    category: 'Career Skills',
    provider: 'LinkedIn Learning',
    level: 'Beginner',
    durationHours: 1.5,
    skills: ['Interviewing', 'Communication', 'Storytelling'],
    salaryRange: '$60,000 - $120,000',
    affiliateUrl: 'https://www.linkedin.com/learning/interviewing-with-confidence',
    priceCents: 0,
    postedDaysAgo: 1,
    modules: [
      {
        title: 'Before the interview',
        description: 'Preparation that shows.',
        lessons: [
          reading(
            'Researching the role and the team',
            10,
            'Read the job description twice and underline the verbs: they tell you what you will do all day. Then read what the company published recently: product launches, blog posts, results.',
            'Look up your interviewers. Knowing their roles helps you pitch your answers, and gives you better questions to ask.',
            'Write down three reasons you want this job in particular. You will be asked.',
          ),
          reading(
            'Your stories in STAR form',
            15,
            'Most behavioural questions ("Tell me about a time...") are answered best as a short story: **Situation**, **Task**, **Action**, **Result**.',
            'Prepare six to eight stories that cover leadership, conflict, failure, a tight deadline and a result you are proud of. Each story can answer several questions.',
            'Spend most of the time on your actions, and end with a number or a concrete outcome whenever you can.',
          ),
        ],
      },
      {
        title: 'In the room',
        description: 'Answering and asking.',
        lessons: [
          reading(
            'Answering the questions you dread',
            12,
            '"What is your greatest weakness?" Name a real one, show what you do about it and what changed. "Why are you leaving?" Talk about what you are moving towards, not what you are escaping.',
            'For a gap in your résumé, give one honest sentence and move on to what you did or learned.',
            'It is fine to pause and think. A calm "Let me think about that for a moment" reads as confidence.',
          ),
          reading(
            'Questions to ask them',
            8,
            'Good questions show you are already thinking about the work:',
            "- What would make someone successful in the first six months?\n- What is the team's biggest challenge this year?\n- How do you decide what to work on next?",
            'Close by asking about next steps and the timeline, and send a short thank-you note the same day.',
          ),
        ],
      },
    ],
  },
]

const day = 24 * 3_600_000

/**
 * Seeds the demo catalogue through the courses factories (the tests' own,
 * ARCHITECTURE.md rule 12), with the lesson video put into `storage` as an
 * upload would be (a private object under a fresh 'lesson-videos' key).
 */
export async function seedDemoCourses(db: Db, storage: Storage, adminId: string, now = Date.now()) {
  const videoKey = newObjectKey('lesson-videos', 'mp4')
  await storage.put(videoKey, await readFile(demoVideoFile), { contentType: 'video/mp4', visibility: 'private' })

  const categoryIds = new Map<string, string>()
  for (const category of demoCategories) categoryIds.set(category.name, (await createCategory(db, category)).id)

  for (const { category, sale, postedDaysAgo, modules, ...course } of demoCourses) {
    const createdAt = new Date(now - postedDaysAgo * day)
    const row: Partial<NewCourse> = {
      ...course,
      categoryId: categoryIds.get(category)!,
      salePriceCents: sale?.priceCents ?? null,
      saleEndsAt: sale ? new Date(now + sale.endsInDays * day) : null,
      isPublished: true,
      createdBy: adminId,
      createdAt,
      updatedAt: createdAt,
    }
    const { id: courseId } = await createCourse(db, row)
    for (const [moduleIndex, module] of modules.entries()) {
      const { id: moduleId } = await createModule(db, courseId, {
        title: module.title,
        description: module.description,
        position: moduleIndex + 1,
        durationMinutes: module.lessons.reduce((sum, lesson) => sum + lesson.minutes, 0),
        status: 'published',
      })
      for (const [lessonIndex, lesson] of module.lessons.entries()) {
        const common = {
          title: lesson.title,
          type: lesson.type,
          durationMinutes: lesson.minutes,
          position: lessonIndex + 1,
          status: 'published',
        }
        if (lesson.type === 'quiz') await createQuiz(db, moduleId, { ...common, content: '' }, lesson.questions)
        else if (lesson.type === 'video') await createLesson(db, moduleId, { ...common, content: '', videoKey })
        else await createLesson(db, moduleId, { ...common, content: lesson.content })
      }
    }
  }
}
