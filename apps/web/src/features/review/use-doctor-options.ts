import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchDoctors } from '../../api/review';

/**
 * The doctors the caller may see as select options (value: user name, label: name and department),
 * for the doctor filters of data management and the critical-value query.
 */
export function useDoctorOptions() {
  const doctors = useQuery({
    queryKey: ['review', 'doctors'],
    queryFn: ({ signal }) => fetchDoctors(signal),
    staleTime: 300_000,
    meta: { silent: true },
  });
  const options = useMemo(
    () =>
      (doctors.data ?? []).map((doctor) => ({
        value: doctor.userName,
        label: doctor.departmentName ? `${doctor.nickName} (${doctor.departmentName})` : doctor.nickName,
      })),
    [doctors.data],
  );
  return { options, loading: doctors.isLoading };
}
