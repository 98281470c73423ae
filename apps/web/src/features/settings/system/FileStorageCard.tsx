import { FILE_STORAGE_MAX_LENGTH, fileStorageLocationSchema } from '@glucocare/domain/hospital-settings';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type FileStorage, fetchFileStorage, saveFileStorage } from '../../../api/settings';
import { handleSaveError } from '../../../components/form-errors';
import { useRevalidateOnLanguageChange, zodRule } from '../../../components/form-rules';
import { INLINE_ERROR, SettingActions, SettingCard, useSettingSave } from '../settings-form';

interface Values {
  path: string;
}

const QUERY_KEY = ['settings', 'fileStorage'];
const valuesOf = (setting: FileStorage): Values => ({ path: setting.path ?? '' });

/** Where exported and printed files are kept (§3 "file path"). */
export function FileStorageCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const query = useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) => fetchFileStorage(signal),
    meta: INLINE_ERROR,
  });
  const save = useSettingSave(saveFileStorage, {
    queryKey: QUERY_KEY,
    onSaved: (saved) => form.setFieldsValue(valuesOf(saved)),
    onError: (error) => handleSaveError(form, error),
  });

  return (
    <SettingCard
      title={t('hospitalSettings.fileStorage.title')}
      description={t('hospitalSettings.fileStorage.description')}
      queries={[query]}
      testId="file-storage-card"
    >
      {query.data && query.data.path === null ? (
        <Alert
          type="info"
          showIcon
          className="gc-form-alert"
          message={t('hospitalSettings.fileStorage.notSet')}
          data-testid="file-storage-unset"
        />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={query.data ? valuesOf(query.data) : undefined}
        disabled={!canEdit}
        onFinish={(values) => save.mutate({ path: values.path.trim() })}
      >
        <Form.Item
          name="path"
          label={t('hospitalSettings.fileStorage.path')}
          extra={t('hospitalSettings.fileStorage.pathHelp')}
          required
          rules={[zodRule(fileStorageLocationSchema)]}
        >
          <Input
            placeholder="/data/glucocare/files"
            maxLength={FILE_STORAGE_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            data-testid="file-storage-path"
          />
        </Form.Item>
        {canEdit ? (
          <SettingActions
            saving={save.isPending}
            onReset={() => query.data && form.setFieldsValue(valuesOf(query.data))}
            testId="file-storage"
          />
        ) : null}
      </Form>
    </SettingCard>
  );
}
