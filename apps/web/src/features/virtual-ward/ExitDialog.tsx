import { VIRTUAL_WARD_LIMITS } from '@glucocare/domain/virtual-ward';
import { errorText } from '../../api/http';
import { exitVirtualWard, type VirtualWardStay } from '../../api/virtual-ward-membership';
import { toastError, toastSuccess } from '../../app/notify';
import { askReason } from '../../components/reason-prompt';
import i18n, { msg } from '../../i18n';

/**
 * Ends the management of one stay or many (batch end management, 批量结束管理): a confirmation that
 * names the patients and asks for the one reason (1-200 characters), then `POST /v1/virtualward/exit`.
 * Resolves true when ended, false when cancelled or refused (the refusal is shown).
 */
export async function endManagement(
  stays: readonly Pick<VirtualWardStay, 'id' | 'patientName'>[],
): Promise<boolean> {
  const t = i18n.t.bind(i18n);
  const names = stays.map((stay) => stay.patientName).join('、');
  const reason = await askReason({
    title:
      stays.length > 1
        ? t('vwMembership.exit.batchTitle', { count: stays.length })
        : t('vwMembership.exit.title'),
    content: t('vwMembership.exit.confirm', { names }),
    label: t('vwMembership.exit.reason'),
    okText: t('vwMembership.exit.ok'),
    cancelText: t('common.cancel'),
    check: (text) =>
      !text
        ? msg('virtualWard.exitReason.required')
        : text.length > VIRTUAL_WARD_LIMITS.reason.max
          ? msg('virtualWard.exitReason.length')
          : null,
  });
  if (reason === null) return false;
  try {
    await exitVirtualWard({ stayIds: stays.map((stay) => stay.id), reason });
    toastSuccess(t('vwMembership.exit.done', { count: stays.length }));
    return true;
  } catch (error) {
    toastError(errorText(error));
    return false;
  }
}
