/**
 * HbA1c-like indices estimated from mean glucose. Both take the mean in mmol/L and convert it to mg/dL
 * (× {@link MGDL_PER_MMOL}), the unit their regression equations were published in. Results in % (NGSP).
 */
import { MGDL_PER_MMOL } from '../helpers/glucose';

/**
 * Glucose Management Indicator, GMI (%) = 3.31 + 0.02392 × mean glucose in mg/dL
 * (Bergenstal et al., "Glucose Management Indicator (GMI)", Diabetes Care 2018;41:2275–2280).
 * The equation was derived from CGM means over ≥ 10–14 days; on sparse fingerstick data it is an
 * approximation only.
 */
export function gmi(meanMmol: number): number {
  const meanMgDl = meanMmol * MGDL_PER_MMOL;
  return 3.31 + 0.02392 * meanMgDl;
}

/**
 * Estimated A1C, eA1C (%) = (mean glucose in mg/dL + 46.7) / 28.7, the inverse of the ADAG regression
 * eAG = 28.7 × A1C − 46.7 (Nathan et al., "Translating the A1C assay into estimated average glucose
 * values", Diabetes Care 2008;31:1473–1478).
 */
export function estimatedA1c(meanMmol: number): number {
  const meanMgDl = meanMmol * MGDL_PER_MMOL;
  return (meanMgDl + 46.7) / 28.7;
}
