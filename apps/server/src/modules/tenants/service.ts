import type { Lang, TenantNameInput } from '@glucocare/domain';
import { eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { tenants } from '../../db/schema';
import { notFound } from '../../http/errors';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';

// Not a resource declaration (lib/resource.ts): the tenant itself (its name): one row per tenant, read by
// every session, not a tenant-owned list.

type TenantRow = typeof tenants.$inferSelect;

/** The organisation as the profile shows it: its name in the request language, and both names. */
export function tenantView(tenant: TenantRow, lang: Lang) {
  const name = lang === 'zh-CN' ? tenant.nameZh : tenant.nameEn;
  return {
    tenant: tenant.id,
    tenantName: name,
    organizationName: name,
    organizationCode: tenant.organizationCode ?? tenant.id,
    names: { 'en-US': tenant.nameEn, 'zh-CN': tenant.nameZh },
  };
}

export async function findTenant(db: DbOrTx, tenantId: string): Promise<TenantRow> {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw notFound();
  return tenant;
}

/**
 * PUT /v1/tenants: `tenantName` renames the hospital in the request's language (`nameZh` for zh-CN,
 * `nameEn` otherwise); `tenantNameEn` / `tenantNameZh` name a language explicitly and win over it.
 * Profiles read the name at every request, so it shows at once.
 */
export async function renameTenant(
  db: Database,
  session: SessionUser,
  input: TenantNameInput,
  lang: Lang,
  meta: RequestMeta,
) {
  return db.transaction(async (tx) => {
    const current = await findTenant(tx, session.tenantId);
    const nameEn = input.tenantNameEn ?? (lang === 'zh-CN' ? undefined : input.tenantName) ?? current.nameEn;
    const nameZh = input.tenantNameZh ?? (lang === 'zh-CN' ? input.tenantName : undefined) ?? current.nameZh;
    const [row] = await tx
      .update(tenants)
      .set({ nameEn, nameZh, updatedAt: new Date() })
      .where(eq(tenants.id, session.tenantId))
      .returning();
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'update',
        entity: 'tenant',
        entityId: session.tenantId,
        before: { nameEn: current.nameEn, nameZh: current.nameZh },
        after: { nameEn: row.nameEn, nameZh: row.nameZh },
      },
      meta,
    );
    return tenantView(row, lang);
  });
}
