import { localizedIssues } from '@glucocare/domain/validation';
import { followupDeleteSchema } from '@glucocare/domain/virtual-ward';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError } from '../../api/http';
import { deleteFollowup, type Followup } from '../../api/virtual-ward-review';
import { toastSuccess } from '../../app/notify';
import { askReason } from '../../components/reason-prompt';
import { currentLang } from '../../i18n';

const reasonProblem = (reason: string) =>
  localizedIssues(followupDeleteSchema.shape.reason, reason, currentLang())[0]?.message ?? null;

/**
 * "Delete" of a follow-up entered in error: asks the reason (confirmation and reason in one dialog), then
 * deletes; only its author or an administrator may (the server says so to anyone else).
 */
export function DeleteFollowupButton({ row, onDeleted }: { row: Followup; onDeleted: () => void }) {
  const { t } = useTranslation();
  const run = async () => {
    const reason = await askReason({
      title: t('virtualWardReview.delete.title'),
      content: t('virtualWardReview.delete.question', { name: row.patientName }),
      label: t('virtualWardReview.delete.reason'),
      okText: t('common.delete'),
      cancelText: t('common.cancel'),
      check: reasonProblem,
    });
    if (reason === null) return;
    try {
      await deleteFollowup(row.id, reason);
      toastSuccess(t('virtualWardReview.delete.done'));
      onDeleted();
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Button type="link" size="small" danger onClick={run} data-testid={`followup-delete-${row.id}`}>
      {t('common.delete')}
    </Button>
  );
}
