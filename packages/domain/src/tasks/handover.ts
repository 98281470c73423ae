/**
 * The shift hand-over (issue 15): the query of a ward's summary for one shift. The shifts themselves
 * and their intervals are in `hospital-settings/shifts.ts`; the server counts what happened in the
 * interval (readings, tasks of the day's plan, critical values, rechecks, admissions, transfers and
 * discharges).
 */
import { z } from 'zod';
import { isBlank, matches, optionalIsoDate, optionalText, requiredText } from '../rules/common';

const DEPARTMENT_CODE = /^[A-Za-z0-9_-]{1,32}$/;
const SHIFT_CODE = /^[A-Za-z0-9_]{1,12}$/;

/**
 * GET /v1/handover: the ward, and the date and code of the shift — both or neither (neither = the
 * shift going on now). The shift's code must be one of the hospital's (the server's check).
 */
export const handoverQuerySchema = z
  .object({
    departmentCode: requiredText('handover.department.required').check(
      matches(DEPARTMENT_CODE, 'department.code.format'),
    ),
    date: optionalIsoDate('handover.date.invalid'),
    shift: optionalText().check(matches(SHIFT_CODE, 'period.code.format')).nullish(),
  })
  .superRefine((query, ctx) => {
    if (isBlank(query.date) && !isBlank(query.shift)) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'handover.date.required' });
    } else if (!isBlank(query.date) && isBlank(query.shift)) {
      ctx.addIssue({ code: 'custom', path: ['shift'], message: 'handover.shift.required' });
    }
  });
export type HandoverQuery = z.infer<typeof handoverQuerySchema>;
