import { PUMP_LOW_LEVELS } from '@glucocare/domain/admin';
import { useQuery } from '@tanstack/react-query';
import { fetchPumpStrategy } from '../../api/pump-reminders';

/**
 * The low battery (%) and low insulin (IU) thresholds of the hospital's pump strategy (settings
 * "Insulin pump"), the domain defaults until it has been read (or when it cannot be).
 */
export function usePumpLowLevels(): { battery: number; dose: number } {
  const strategy = useQuery({
    queryKey: ['strategySettings', 'pump'],
    queryFn: ({ signal }) => fetchPumpStrategy(signal),
    staleTime: 60_000,
    meta: { silent: true },
  });
  return strategy.data
    ? { battery: strategy.data.lowBatteryPercent, dose: strategy.data.lowDoseUnits }
    : PUMP_LOW_LEVELS;
}
