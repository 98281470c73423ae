import { UploadOutlined } from '@ant-design/icons';
import { IMPORTS, type ImportKind } from '@glucocare/domain/admin';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions';
import { useOpenedOnce } from '../lazy-dialog';

// the dialog (and exceljs, which it loads when a file is read or a template made) loads on first use
const ImportDialog = lazy(() => import('./ImportDialog'));

/**
 * "Import" in a list's toolbar: the Excel template of the list, the upload of a filled one, its rows'
 * problems or how many were stored. Shown only to those who may create one row of the list.
 */
export function ImportButton({ kind, onImported }: { kind: ImportKind; onImported?: () => void }) {
  const { t } = useTranslation();
  const allowed = usePermission(IMPORTS[kind].permission);
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  if (!allowed) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} data-testid={`import-${kind}`} onClick={() => setOpen(true)}>
        {t('import.button')}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <ImportDialog kind={kind} open={open} onClose={() => setOpen(false)} onImported={onImported} />
        </Suspense>
      ) : null}
    </>
  );
}
