import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { IMPORTS, type ImportKind, type ImportProblem } from '@glucocare/domain/admin';
import { Alert, Button, Modal, Result, Space, Spin, Table, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssuedPassword } from '../../api/admin';
import { showError } from '../../api/http';
import { importRows } from '../../api/imports';
import { currentLang } from '../../i18n';
import { OneTimePasswordList } from '../OneTimePasswords';
import { downloadTemplate, readImportFile } from './workbook';

type Step =
  | { kind: 'choose' }
  | { kind: 'working' }
  | { kind: 'problems'; problems: ImportProblem[]; message: string }
  | { kind: 'done'; message: string; passwords: IssuedPassword[] };

export default function ImportDialog({
  kind,
  open,
  onClose,
  onImported,
}: {
  kind: ImportKind;
  open: boolean;
  onClose: () => void;
  onImported?: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const declaration = IMPORTS[kind];
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [makingTemplate, setMakingTemplate] = useState(false);

  const columnLabel = (field: string) =>
    declaration.columns.find((column) => column.field === field)?.header[lang] ?? field;

  async function template() {
    setMakingTemplate(true);
    try {
      await downloadTemplate(kind, lang, { yes: t('common.yes'), no: t('common.no') });
    } catch {
      showError(new Error(t('import.templateFailed')));
    } finally {
      setMakingTemplate(false);
    }
  }

  async function upload(file: File) {
    setStep({ kind: 'working' });
    try {
      const reading = await readImportFile(kind, file, lang).catch(() => null);
      if (!reading) {
        setStep({ kind: 'problems', problems: [], message: t('import.readFailed') });
        return;
      }
      // a header the sheet cannot be read by, or an empty or too long file, is told at once; the rows
      // go to the server even with problems, since it answers them together with those only it can see
      // (codes taken, unknown references)
      const fileProblems = reading.problems.filter((found) => found.row <= 1);
      if (fileProblems.length) {
        const message = t('import.notImported', { count: fileProblems.length });
        setStep({ kind: 'problems', problems: fileProblems, message });
        return;
      }
      const outcome = await importRows(kind, reading.rows);
      if (outcome.stored) {
        // for staff, each new account's one-time password, shown this once
        setStep({ kind: 'done', message: outcome.message, passwords: outcome.passwords });
        onImported?.();
        return;
      }
      // the server numbers rows as sent; the user knows them by their row in the sheet
      const problems = outcome.problems.map((found) => ({
        ...found,
        row: found.row > 0 ? (reading.sheetRows[found.row - 1] ?? found.row) : 0,
      }));
      setStep({ kind: 'problems', problems, message: outcome.message });
    } catch (error) {
      setStep({ kind: 'choose' });
      showError(error);
    }
  }

  const columns: ColumnsType<ImportProblem> = [
    {
      title: t('import.row'),
      dataIndex: 'row',
      width: 64,
      render: (row: number) => (row > 0 ? row : t('import.wholeFile')),
    },
    {
      title: t('import.column'),
      dataIndex: 'field',
      width: 120,
      render: (field: string) => (field ? columnLabel(field) : '—'),
    },
    { title: t('import.problem'), dataIndex: 'message' },
  ];

  const close = () => {
    onClose();
    setStep({ kind: 'choose' });
  };

  const picker = (
    <Upload.Dragger
      accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      multiple={false}
      showUploadList={false}
      beforeUpload={(file) => {
        void upload(file);
        return Upload.LIST_IGNORE;
      }}
      data-testid="import-upload"
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{t('import.upload')}</p>
      <p className="ant-upload-hint">{t('import.uploadHint', { max: declaration.maxRows })}</p>
    </Upload.Dragger>
  );

  return (
    <Modal
      open={open}
      title={t('import.title', { list: declaration.title[lang] })}
      onCancel={close}
      width={760}
      destroyOnHidden
      footer={
        <Button onClick={close} data-testid="import-close">
          {t('common.close')}
        </Button>
      }
    >
      <div data-testid="import-dialog">
        {step.kind === 'done' ? (
          <div data-testid="import-done">
            <Result status="success" title={step.message} />
            {step.passwords.length ? <OneTimePasswordList entries={step.passwords} /> : null}
          </div>
        ) : (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Typography.Paragraph style={{ marginBottom: 0 }}>{t('import.intro')}</Typography.Paragraph>
            <Button
              icon={<DownloadOutlined />}
              loading={makingTemplate}
              onClick={() => void template()}
              data-testid="import-template"
            >
              {t('import.downloadTemplate')}
            </Button>
            {step.kind === 'working' ? (
              <Spin tip={t('import.working')}>
                <div style={{ minHeight: 120 }} />
              </Spin>
            ) : (
              picker
            )}
            {step.kind === 'problems' ? (
              <>
                <Alert type="error" showIcon message={step.message} data-testid="import-problems-message" />
                {step.problems.length ? (
                  <Table<ImportProblem>
                    size="small"
                    rowKey={(found) => `${found.row}:${found.field}:${found.message}`}
                    columns={columns}
                    dataSource={step.problems}
                    pagination={{ pageSize: 8, hideOnSinglePage: true, size: 'small' }}
                    data-testid="import-problems"
                  />
                ) : null}
              </>
            ) : null}
          </Space>
        )}
      </div>
    </Modal>
  );
}
