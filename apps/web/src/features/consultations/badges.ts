import { PERMISSIONS } from '@glucocare/domain/admin';
import { useQuery } from '@tanstack/react-query';
import { consultationKeys, fetchConsultationUnread } from '../../api/consultations';
import { usePermission } from '../../app/permissions';

export const CONSULTATION_INBOX_PATH = '/consultation/inbox';
export const CONSULTATION_REQUEST_PATH = '/consultation/request';

/** The unread counts (inbox; own requests with replies), refreshed live by the `consultations` topic. */
export function useConsultationUnread() {
  const allowed = usePermission([PERMISSIONS.consultationInbox.list, PERMISSIONS.consultationRequests.list]);
  return useQuery({
    queryKey: consultationKeys.unread,
    queryFn: ({ signal }) => fetchConsultationUnread(signal),
    enabled: allowed,
    staleTime: 30_000,
  });
}

/** The consultation menu badges keyed by menu path. */
export function useConsultationBadges(): Record<string, number> {
  const { data } = useConsultationUnread();
  if (!data) return {};
  return { [CONSULTATION_INBOX_PATH]: data.inbox, [CONSULTATION_REQUEST_PATH]: data.requests };
}
