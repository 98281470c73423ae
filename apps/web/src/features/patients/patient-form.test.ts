import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import type { HisPatient, Inpatient, PatientDetail } from '../../api/patients';
import { hospitalZone, setHospitalZone } from '../../components/format';
import { dischargedFilterOf } from './DischargedPage';
import { dischargeFailureText } from './PatientActions';
import { tabOf } from './PatientDetailPage';
import {
  admissionInputOf,
  admissionValuesFromHis,
  ageFromBirthDate,
  basicValuesOf,
  isoOf,
  readmissionInputOf,
  transferChanges,
  transferInputOf,
  transferValuesOf,
  updateInputOf,
} from './patient-form';

const his: HisPatient = {
  name: '冯建军',
  gender: 'male',
  dateOfBirth: '1962-01-15',
  age: 64,
  idCard: '110105196201150011',
  mobilePhone: '13900000001',
  inpatientNumber: 'ZY20260101',
  wristbandCode: 'WB20260101',
  departmentCode: 'ENDO',
  bed: '4',
  doctorCode: 'doctor01',
  admittedAt: null,
};

const patient = {
  id: 9,
  version: 3,
  name: '王建国',
  gender: 'male',
  departmentCode: 'ENDO',
  bed: '1',
  doctorCode: 'doctor01',
  tags: ['胰岛素泵'],
  age: 67,
} as Inpatient;

describe('admission values', () => {
  const processZone = hospitalZone();
  afterEach(() => setHospitalZone(processZone));

  it('fill from a HIS record and become the admission body', () => {
    // the admission time picked is the hospital's wall clock (8 hours ahead of this process's UTC)
    setHospitalZone('Asia/Shanghai');
    const values = admissionValuesFromHis(his);
    expect(values.dateOfBirth?.format('YYYY-MM-DD')).toBe('1962-01-15');
    const input = admissionInputOf({ ...values, admittedAt: dayjs('2026-03-10T08:30:00'), tags: ['新入院'] });
    expect(input).toMatchObject({
      name: '冯建军',
      gender: 'male',
      dateOfBirth: '1962-01-15',
      age: 64,
      inpatientNumber: 'ZY20260101',
      wristbandCode: 'WB20260101',
      departmentCode: 'ENDO',
      bed: '4',
      doctorCode: 'doctor01',
      email: null,
      contact: null,
      tags: ['新入院'],
    });
    expect(input.admittedAt).toBe(isoOf(dayjs('2026-03-10T08:30:00')));
    expect(input.admittedAt).toBe('2026-03-10T00:30:00.000Z');
  });

  it('leaves the admission time out when empty (the server takes now) and blanks become null', () => {
    const input = admissionInputOf({ name: ' 张三 ', idCard: '  ', bed: '' });
    expect(input).not.toHaveProperty('admittedAt');
    expect(input).toMatchObject({ name: '张三', idCard: null, bed: null });
  });

  it('accepts the text a pro-form may turn dates into', () => {
    const input = admissionInputOf({ name: 'x', dateOfBirth: '1970-02-03' as unknown as dayjs.Dayjs });
    expect(input.dateOfBirth).toBe('1970-02-03');
  });

  it('does not take an unknown gender from HIS', () => {
    expect(admissionValuesFromHis({ ...his, gender: 'X' }).gender).toBeUndefined();
  });
});

describe('ageFromBirthDate', () => {
  it('counts completed years to today', () => {
    expect(ageFromBirthDate(dayjs('1960-03-11'), dayjs('2026-03-10'))).toBe(65);
    expect(ageFromBirthDate(dayjs('1960-03-10'), dayjs('2026-03-10'))).toBe(66);
    expect(ageFromBirthDate(null)).toBeNull();
  });
});

describe('edit, transfer and readmission bodies', () => {
  it('edits basic info at the patient’s version, without department, bed or doctor', () => {
    const detail = {
      ...patient,
      dateOfBirth: '1959-11-01',
      idCard: null,
      mobilePhone: null,
      email: null,
      contact: null,
    } as PatientDetail;
    const input = updateInputOf({ ...basicValuesOf(detail), heightCm: 172 }, patient);
    expect(input).toMatchObject({
      id: 9,
      version: 3,
      name: '王建国',
      dateOfBirth: '1959-11-01',
      heightCm: 172,
      tags: ['胰岛素泵'],
    });
    expect(input).not.toHaveProperty('departmentCode');
    expect(input).not.toHaveProperty('bed');
    expect(input).not.toHaveProperty('doctorCode');
  });

  it('knows whether a transfer changes anything', () => {
    const values = transferValuesOf(patient, dayjs('2026-03-10T09:00:00'));
    expect(transferChanges(values, patient)).toBe(false);
    expect(transferChanges({ ...values, toBed: ' 1 ' }, patient)).toBe(false);
    expect(transferChanges({ ...values, toBed: '2' }, patient)).toBe(true);
    expect(transferChanges({ ...values, toDoctorCode: 'DOCTOR01' }, patient)).toBe(false);
    expect(transferChanges({ ...values, toDepartmentCode: 'CARD' }, patient)).toBe(true);
    const input = transferInputOf({ ...values, toBed: '2', reason: ' window bed ' }, patient);
    expect(input).toMatchObject({
      patientId: 9,
      version: 3,
      toDepartmentCode: 'ENDO',
      toBed: '2',
      reason: 'window bed',
      endTime: null,
    });
  });

  it('readmits with the new time and keeps identifiers left empty', () => {
    const input = readmissionInputOf(
      {
        admittedAt: dayjs('2026-03-10T10:00:00'),
        departmentCode: 'ENDO',
        doctorCode: 'doctor01',
        bed: '3',
        wristbandCode: '',
      },
      patient,
    );
    expect(input).toMatchObject({
      version: 3,
      departmentCode: 'ENDO',
      bed: '3',
      wristbandCode: null,
      inpatientNumber: null,
    });
  });
});

describe('page helpers', () => {
  it('reads the tab of a link, basic info otherwise', () => {
    expect(tabOf('glucose')).toBe('glucose');
    expect(tabOf('history')).toBe('history');
    expect(tabOf('nonsense')).toBe('basic');
    expect(tabOf(null)).toBe('basic');
  });

  it('words a discharge failure once', () => {
    const server = new ApiError({
      message: 'Discharge failure: the patient is not in hospital',
      code: '409',
      status: 409,
      kind: 'api',
    });
    expect(dischargeFailureText(server, 'Discharge failure')).toBe(
      'Discharge failure: the patient is not in hospital',
    );
    const network = new ApiError({
      message: 'Cannot reach the server',
      code: 'NETWORK',
      status: 0,
      kind: 'network',
    });
    expect(dischargeFailureText(network, 'Discharge failure')).toBe(
      'Discharge failure: Cannot reach the server',
    );
    const zh = new ApiError({ message: '出院失败：该患者不在院', code: '409', status: 409, kind: 'api' });
    expect(dischargeFailureText(zh, '出院失败')).toBe('出院失败：该患者不在院');
  });

  it('turns the discharged search into the API filter', () => {
    expect(
      dischargedFilterOf({ queryCondition: '  韩 ', qRange: [dayjs('2026-03-01'), '2026-03-05'] }),
    ).toEqual({
      queryCondition: '韩',
      departmentCode: undefined,
      beginDate: '2026-03-01',
      endDate: '2026-03-05',
    });
    expect(dischargedFilterOf({})).toEqual({
      queryCondition: undefined,
      departmentCode: undefined,
      beginDate: undefined,
      endDate: undefined,
    });
  });
});
