import { z } from 'zod';

/** A department as its create, update and status calls answer it. */
export const departmentView = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  parentId: z.number().nullable(),
  isWard: z.boolean(),
  isActive: z.boolean(),
  sort: z.number(),
  /** the ward's head nurse (a user id) and her name; critical values of the ward escalate to her */
  headNurseId: z.number().nullable(),
  headNurseName: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
});
export type Department = z.infer<typeof departmentView>;

/** A department in the trees; `inScope` only in /allScopetree (whether the caller's scope includes it). */
export type DepartmentNode = Department & { inScope?: boolean; children: DepartmentNode[] };
export const departmentNodeView: z.ZodType<DepartmentNode> = z
  .lazy(() =>
    departmentView.extend({ inScope: z.boolean().optional(), children: z.array(departmentNodeView) }),
  )
  .meta({ id: 'DepartmentNode' });
