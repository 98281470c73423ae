import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useDevice } from '../app/preferences';

/**
 * A page of groups and their entries (events and their items, packages and their items): the groups
 * beside the chosen group's panel, titled with its name and code. The group's actions sit in the panel's
 * header; on a phone, where the header has no room, above its content.
 */
export function MasterDetail({
  master,
  chosen,
  emptyTitle,
  titleTestId,
  actions,
  children,
}: {
  /** the groups (a side list, or a select on a phone) */
  master: ReactNode;
  /** the chosen group, or null (the panel is then titled `emptyTitle`) */
  chosen: { name: string; code: string } | null;
  emptyTitle: string;
  titleTestId: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  const mobile = useDevice() === 'mobile';
  return (
    <div className="gc-master-detail">
      <aside className="gc-master">{master}</aside>
      <section className="gc-detail">
        <Card
          size="small"
          className="gc-detail-card"
          title={
            chosen ? (
              <span className="gc-detail-title" data-testid={titleTestId}>
                {chosen.name}
                <span className="gc-secondary gc-tree-code">{chosen.code}</span>
              </span>
            ) : (
              emptyTitle
            )
          }
          extra={mobile ? null : actions}
        >
          {mobile && actions ? <div className="gc-panel-toolbar">{actions}</div> : null}
          {children}
        </Card>
      </section>
    </div>
  );
}
