import type { Lang } from '@glucocare/domain/i18n';
import type {
  CrisisRecords,
  MonitorOverview,
  PatientDistribution,
  PersonMonitor,
  ScreenConfig,
} from '@glucocare/domain/responses';

/** What a panel draws from: the answers of the screen's calls, the resolved strategy and its sizes. */
export interface ScreenView {
  config: ScreenConfig;
  overview: MonitorOverview;
  recent: PersonMonitor | undefined;
  crisis: CrisisRecords | undefined;
  distribution: PatientDistribution | undefined;
  lang: Lang;
  /** a list row's height in design pixels (larger on the compact variant for small TVs) */
  rowHeight: number;
  /** the operations layout's wide panels: lists show more columns (the compact one has larger type instead) */
  wide: boolean;
}
