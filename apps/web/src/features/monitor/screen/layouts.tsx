import type { ScreenPanel, ScreenVariant } from '@glucocare/domain/monitor';
import type { CSSProperties, ReactNode } from 'react';
import { StatisticsPanel, WeeklyPanel } from './charts';
import {
  AbnormalPanel,
  CriticalPanel,
  DepartmentsPanel,
  DistributionPanel,
  HighLowPanel,
  OverviewPanel,
  RecentPanel,
} from './panels';
import type { ScreenView } from './view';
import { WardsLayout } from './WardsLayout';

/** A panel of the whole-hospital, operations or compact layouts. */
function panelOf(panel: ScreenPanel, view: ScreenView, variant: ScreenVariant): ReactNode {
  switch (panel) {
    case 'overview':
      return <OverviewPanel view={view} />;
    case 'statistics':
      return <StatisticsPanel view={view} />;
    case 'departments':
      // the management office reads the wards as a ranking
      return <DepartmentsPanel view={view} ranked={variant === 'operations'} />;
    case 'recent':
      return <RecentPanel view={view} />;
    case 'critical':
      return <CriticalPanel view={view} />;
    case 'highLow':
      return <HighLowPanel view={view} />;
    case 'distribution':
      return <DistributionPanel view={view} />;
    case 'abnormal':
      return <AbnormalPanel view={view} />;
    case 'weekly':
      return <WeeklyPanel view={view} />;
  }
}

/**
 * The columns of a layout: the whole hospital in three columns (spec: every panel at once on a
 * 1920×1080 wall), the operations and compact layouts in two (four large panels); fewer panels than
 * columns take the whole width.
 */
export function gridOf(variant: ScreenVariant, count: number): { columns: number; rows: number } {
  const wanted = variant === 'hospital' ? 3 : 2;
  const columns = Math.max(1, Math.min(wanted, count));
  return { columns, rows: Math.max(1, Math.ceil(count / columns)) };
}

export function ScreenLayout({
  variant,
  panels,
  view,
}: {
  variant: ScreenVariant;
  panels: readonly ScreenPanel[];
  view: ScreenView;
}) {
  if (variant === 'wards') return <WardsLayout panels={panels} view={view} />;
  const grid = gridOf(variant, panels.length);
  const style: CSSProperties = {
    gridTemplateColumns: `repeat(${grid.columns}, minmax(0, 1fr))`,
    gridTemplateRows: `repeat(${grid.rows}, minmax(0, 1fr))`,
  };
  return (
    <div className={`bigscreen-grid bigscreen-grid-${variant}`} style={style} data-testid="screen-grid">
      {panels.map((panel) => (
        <div key={panel} className="bigscreen-cell">
          {panelOf(panel, view, variant)}
        </div>
      ))}
    </div>
  );
}
