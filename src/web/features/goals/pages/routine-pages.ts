// The daily routine and its calendar, loaded as one chunk: one lazy import in the
// page table (src/web/app/pages.tsx) instead of two keeps the landing page's entry
// script, which carries that table, within its budget (ARCHITECTURE.md).
export { CalendarPage } from '#web/features/goals/pages/calendar-page.tsx'
export { DailyRoutinePage } from '#web/features/goals/pages/daily-routine-page.tsx'
