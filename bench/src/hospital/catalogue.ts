/**
 * The bench hospital's wards and the name parts of its generated staff and patients. 40 wards of 50
 * beds = 2,000 beds. ENDO and ICU are among them so that the seeded department and department + age
 * critical-value rules (seed/settings-crisis.ts) take part in the classification.
 */

export interface Ward {
  code: string;
  nameZh: string;
  nameEn: string;
  /** ages (years) of the ward's patients */
  minAge: number;
  maxAge: number;
  /** typical fasting glucose of the ward's monitored patients (mmol/L): lower and upper end */
  glucose: [number, number];
  /** only women (obstetrics, gynaecology) */
  women?: boolean;
}

const ADULT = { minAge: 22, maxAge: 92 };
const MIXED: [number, number] = [5.3, 8.2];
const DIABETIC: [number, number] = [6.4, 11.5];
const STRESS: [number, number] = [6.0, 10.5];

export const WARDS: Ward[] = [
  { code: 'ENDO', nameZh: '内分泌科', nameEn: 'Endocrinology', ...ADULT, glucose: DIABETIC },
  { code: 'ICU', nameZh: '重症医学科', nameEn: 'Intensive Care Unit', ...ADULT, glucose: STRESS },
  { code: 'CARD', nameZh: '心血管内科', nameEn: 'Cardiology', ...ADULT, glucose: MIXED },
  { code: 'NEPH', nameZh: '肾内科', nameEn: 'Nephrology', ...ADULT, glucose: MIXED },
  { code: 'GSURG', nameZh: '普通外科', nameEn: 'General Surgery', ...ADULT, glucose: MIXED },
  {
    code: 'RESP',
    nameZh: '呼吸与危重症医学科',
    nameEn: 'Respiratory and Critical Care Medicine',
    ...ADULT,
    glucose: MIXED,
  },
  { code: 'GAST', nameZh: '消化内科', nameEn: 'Gastroenterology', ...ADULT, glucose: MIXED },
  { code: 'NEUR', nameZh: '神经内科', nameEn: 'Neurology', ...ADULT, glucose: MIXED },
  { code: 'HEMA', nameZh: '血液内科', nameEn: 'Haematology', ...ADULT, glucose: MIXED },
  { code: 'ONCO', nameZh: '肿瘤内科', nameEn: 'Medical Oncology', ...ADULT, glucose: MIXED },
  { code: 'RHEU', nameZh: '风湿免疫科', nameEn: 'Rheumatology and Immunology', ...ADULT, glucose: MIXED },
  { code: 'GERI', nameZh: '老年医学科', nameEn: 'Geriatrics', minAge: 65, maxAge: 98, glucose: MIXED },
  { code: 'INFD', nameZh: '感染科', nameEn: 'Infectious Diseases', ...ADULT, glucose: MIXED },
  { code: 'ORTH', nameZh: '骨科', nameEn: 'Orthopaedics', ...ADULT, glucose: MIXED },
  { code: 'NSURG', nameZh: '神经外科', nameEn: 'Neurosurgery', ...ADULT, glucose: STRESS },
  {
    code: 'CSURG',
    nameZh: '心脏大血管外科',
    nameEn: 'Cardiac and Great Vessel Surgery',
    ...ADULT,
    glucose: STRESS,
  },
  { code: 'TSURG', nameZh: '胸外科', nameEn: 'Thoracic Surgery', ...ADULT, glucose: MIXED },
  { code: 'URO', nameZh: '泌尿外科', nameEn: 'Urology', ...ADULT, glucose: MIXED },
  {
    code: 'HPB',
    nameZh: '肝胆胰外科',
    nameEn: 'Hepatobiliary and Pancreatic Surgery',
    ...ADULT,
    glucose: STRESS,
  },
  { code: 'VSURG', nameZh: '血管外科', nameEn: 'Vascular Surgery', ...ADULT, glucose: DIABETIC },
  { code: 'BSURG', nameZh: '甲状腺乳腺外科', nameEn: 'Thyroid and Breast Surgery', ...ADULT, glucose: MIXED },
  { code: 'GYN', nameZh: '妇科', nameEn: 'Gynaecology', ...ADULT, glucose: MIXED, women: true },
  {
    code: 'OBST',
    nameZh: '产科',
    nameEn: 'Obstetrics',
    minAge: 20,
    maxAge: 44,
    glucose: [5.0, 7.4],
    women: true,
  },
  { code: 'PED', nameZh: '儿科', nameEn: 'Paediatrics', minAge: 1, maxAge: 13, glucose: [5.0, 8.0] },
  { code: 'ENT', nameZh: '耳鼻咽喉头颈外科', nameEn: 'Otorhinolaryngology', ...ADULT, glucose: MIXED },
  { code: 'OPHT', nameZh: '眼科', nameEn: 'Ophthalmology', ...ADULT, glucose: DIABETIC },
  { code: 'REHAB', nameZh: '康复医学科', nameEn: 'Rehabilitation Medicine', ...ADULT, glucose: MIXED },
  { code: 'TCM', nameZh: '中医科', nameEn: 'Traditional Chinese Medicine', ...ADULT, glucose: MIXED },
  { code: 'PSY', nameZh: '精神心理科', nameEn: 'Psychiatry and Psychology', ...ADULT, glucose: MIXED },
  { code: 'DERM', nameZh: '皮肤科', nameEn: 'Dermatology', ...ADULT, glucose: MIXED },
  { code: 'BURN', nameZh: '烧伤整形科', nameEn: 'Burns and Plastic Surgery', ...ADULT, glucose: STRESS },
  { code: 'CCU', nameZh: '心脏重症监护室', nameEn: 'Coronary Care Unit', ...ADULT, glucose: STRESS },
  {
    code: 'EICU',
    nameZh: '急诊重症监护室',
    nameEn: 'Emergency Intensive Care Unit',
    ...ADULT,
    glucose: STRESS,
  },
  {
    code: 'NSICU',
    nameZh: '神经外科重症监护室',
    nameEn: 'Neurosurgical Intensive Care Unit',
    ...ADULT,
    glucose: STRESS,
  },
  { code: 'ENDO2', nameZh: '内分泌科二病区', nameEn: 'Endocrinology Ward 2', ...ADULT, glucose: DIABETIC },
  { code: 'CARD2', nameZh: '心血管内科二病区', nameEn: 'Cardiology Ward 2', ...ADULT, glucose: MIXED },
  { code: 'GSURG2', nameZh: '普通外科二病区', nameEn: 'General Surgery Ward 2', ...ADULT, glucose: MIXED },
  { code: 'ORTH2', nameZh: '骨科二病区', nameEn: 'Orthopaedics Ward 2', ...ADULT, glucose: MIXED },
  { code: 'EMER', nameZh: '急诊病房', nameEn: 'Emergency Ward', ...ADULT, glucose: STRESS },
  {
    code: 'PALL',
    nameZh: '安宁疗护病房',
    nameEn: 'Palliative Care Ward',
    minAge: 50,
    maxAge: 98,
    glucose: MIXED,
  },
];

export const BEDS_PER_WARD = 50;

export const SURNAMES = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤',
];
export const GIVEN_MALE = [...'伟强磊军勇杰涛明超刚平辉鹏华飞鑫波斌宇浩凯健俊帆国建志峰文东海亮成林'];
export const GIVEN_FEMALE = [...'芳娜敏静丽艳娟霞秀玲桂英兰燕萍红琳梅莉婷雪慧晶颖倩洁琴云凤佳欣悦'];
