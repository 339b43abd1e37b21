import { Hono } from 'hono'
import type { AppEnv } from '#server/platform/context.ts'
import * as dashboard from './service.ts'

// /api/admin/dashboard, admins only: the access table refuses /api/admin/* to others; the service checks again.
export const adminDashboardRoutes = new Hono<AppEnv>()
  .get('/figures', async (c) => c.json(await dashboard.getDashboardFigures(c.var.ctx)))
  .get('/recent-users', async (c) => c.json(await dashboard.listRecentUsers(c.var.ctx)))
