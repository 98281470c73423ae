import { useConsultationBadges } from '../features/consultations/badges';

/**
 * Counts shown as badges on sidebar menu items, keyed by the menu's path (`/consultation/inbox`). Each
 * feature that marks its menu adds its hook here; a path without a count (or with 0) shows no badge.
 * The hooks keep their counts fresh themselves (react-query keys the push channel invalidates).
 */
export function useMenuBadges(): Record<string, number> {
  return { ...useConsultationBadges() };
}
