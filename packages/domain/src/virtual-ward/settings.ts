import { z } from 'zod';

/**
 * The virtual-ward service's settings (issue 18), besides the auto-join switch and thresholds of
 * `hospital-settings/strategy.ts`.
 *
 * The daily review criteria default to those of the virtual glucose management service of Rushakoff et
 * al. (Ann Intern Med 2017;166:621-627): a patient with two or more glucose readings ≥ 12.5 mmol/L
 * (225 mg/dL), or any reading < 3.9 mmol/L (70 mg/dL), in the past 24 hours is reviewed. Values in mmol/L.
 */
export interface ReviewCriteria {
  /** a reading at or above it counts as hyperglycaemic */
  hyperValue: number;
  /** this many hyperglycaemic readings in the window put the patient on the list */
  hyperCount: number;
  /** any reading below it puts the patient on the list */
  hypoValue: number;
  /** the window, in hours before now */
  windowHours: number;
}

export const DEFAULT_REVIEW_CRITERIA: ReviewCriteria = {
  hyperValue: 12.5,
  hyperCount: 2,
  hypoValue: 3.9,
  windowHours: 24,
};

const numberField = (required: string, range: string, min: number, max: number, integer = false) =>
  z
    .number({ error: required })
    .refine((value) => Number.isFinite(value) && value >= min && value <= max, { message: range })
    .refine((value) => !integer || Number.isInteger(value), { message: range });

/** POST /v1/virtualward/setting/reviewCriteria */
export const reviewCriteriaSchema = z
  .strictObject({
    hyperValue: numberField('virtualWard.criteria.hyperRequired', 'virtualWard.criteria.hyperRange', 5, 33.3),
    hyperCount: numberField(
      'virtualWard.criteria.countRequired',
      'virtualWard.criteria.countRange',
      1,
      10,
      true,
    ),
    hypoValue: numberField('virtualWard.criteria.hypoRequired', 'virtualWard.criteria.hypoRange', 1, 7),
    windowHours: numberField(
      'virtualWard.criteria.windowRequired',
      'virtualWard.criteria.windowRange',
      1,
      168,
      true,
    ),
  })
  .refine((value) => value.hypoValue < value.hyperValue, {
    message: 'virtualWard.criteria.order',
    path: ['hypoValue'],
  });

/**
 * POST /v1/virtualward/setting/managingDepartment: the department that runs the virtual ward (usually
 * endocrinology). Its own inpatients are not virtual-ward patients; its staff see the virtual ward's
 * patients whatever their ward. Null until a hospital chooses one: joining then fails with a message
 * that says so.
 */
export const managingDepartmentSchema = z.strictObject({
  value: z.string({ error: 'virtualWard.managingDepartment.required' }).trim().min(1, {
    message: 'virtualWard.managingDepartment.required',
  }),
});
