import { Button, Tag } from 'antd';
import type { TFunction } from 'i18next';

/** The patient of a task row: bed, name, inpatient number and ward (today's tasks, pump reminders). */
export function TaskPatientCell({
  row,
  t,
}: {
  row: {
    bed: string | null;
    patientName: string;
    inpatientNumber: string | null;
    departmentName: string;
  };
  t: TFunction;
}) {
  return (
    <div>
      {row.bed ? <Tag>{t('tasks.bed', { bed: row.bed })}</Tag> : null}
      <strong>{row.patientName}</strong>
      <div className="gc-secondary">
        {[row.inpatientNumber, row.departmentName].filter(Boolean).join(' · ')}
      </div>
    </div>
  );
}

/** The actions column of a task list: a link button to where the row leads (the row opens it too). */
export function openColumn<T>(title: string, label: string, open: (row: T) => void) {
  return {
    title,
    key: 'open',
    render: (_: unknown, row: T) => (
      <Button
        type="link"
        size="small"
        onClick={(event) => {
          event.stopPropagation();
          open(row);
        }}
      >
        {label}
      </Button>
    ),
  };
}
