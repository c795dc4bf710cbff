/** Word lists for generated portfolios: invented owners and plausible technical titles. */

/** Few owners hold most patents, like a real portfolio (drawn with decreasing weight). */
export const OWNERS: readonly string[] = [
  'Northwind Dynamics GmbH',
  'Acme Industrial Holdings Inc.',
  'Helios Photonics SA',
  'Kestrel Medical Devices Ltd',
  'Sakura Precision Co., Ltd.',
  'Blue Fjord Energy AS',
  'Vantablack Materials BV',
  'Orion Semiconductor Corp.',
  'Lumen Biotech AG',
  'Terranova Agritech SAS',
  'Granite Robotics LLC',
  'Meridian Pharma S.p.A.',
  'Polaris Audio Systems AB',
  'Hanbit Electronics Co., Ltd.',
  'Cobalt Mobility SE',
  'Aurora Water Technologies Pty Ltd',
  'Zephyr Aerospace Inc.',
  'Quantum Fabrics Oy',
  'Redwood Diagnostics Inc.',
  'Iberia Solar S.L.',
  'Maple Leaf Instruments Ltd.',
  'Yangtze Battery Technology Co., Ltd.',
  'Alpine Microfluidics GmbH',
  'Tidewater Marine Systems ApS',
  'Sirius Optics KK',
  'Pioneer Packaging NV',
  'Nordlicht Sensorik GmbH',
  'Atlas Construction Chemicals SA',
  'Verdant Foods Ltd',
  'Crescent Security Solutions Inc.',
];

export const CO_OWNERS: readonly string[] = [
  'Fraunhofer-Gesellschaft zur Förderung der angewandten Forschung e.V.',
  'University of Leeds',
  'Centre National de la Recherche Scientifique',
  'Tohoku University',
  'KAIST',
  'Technische Universiteit Delft',
  'ETH Zürich',
  'Massachusetts Institute of Technology',
  'Tsinghua University',
  'Consiglio Nazionale delle Ricerche',
];

/** The `pacific` mix's client: one group and its subsidiaries, the parent holding most. */
export const PACIFIC_OWNERS: readonly string[] = [
  'Pacific Rim Instruments Inc.',
  'Pacific Rim Instruments KK',
  'PRI Optics Ltd',
  'Harbor Light Sensors LLC',
  'Kanagawa Metrology Co., Ltd.',
  'Thames Valley Photonics Ltd',
];

export const PACIFIC_CO_OWNERS: readonly string[] = [
  'Stanford University',
  'Osaka University',
  'University of Cambridge',
  'KAIST',
];

const TITLE_SUBJECTS: readonly string[] = [
  'heat exchanger',
  'battery cell',
  'optical sensor',
  'catheter',
  'wind turbine blade',
  'semiconductor package',
  'hearing aid',
  'robotic gripper',
  'water filtration membrane',
  'drug delivery device',
  'electric motor',
  'packaging laminate',
  'lidar module',
  'valve assembly',
  'antibody formulation',
  'fuel cell stack',
  'touch panel',
  'brake caliper',
  'seed coating',
  'cable connector',
];

const TITLE_QUALIFIERS: readonly string[] = [
  'with improved thermal stability',
  'having a layered structure',
  'and method of manufacturing the same',
  'for low-power operation',
  'with self-calibration',
  'comprising a composite housing',
  'and associated control method',
  'with reduced noise',
  'for high-pressure environments',
  'using machine-learned parameters',
];

const TITLE_OPENERS: readonly string[] = [
  '',
  'Compact ',
  'Modular ',
  'Improved ',
  'Method for operating a ',
  'System comprising a ',
];

export function titleFrom(opener: string, subject: string, qualifier: string): string {
  const text = `${opener}${subject} ${qualifier}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const TITLE_PARTS = { openers: TITLE_OPENERS, subjects: TITLE_SUBJECTS, qualifiers: TITLE_QUALIFIERS };

/** Case-reference prefixes per owner initial, like a firm's docketing scheme. */
export function ownerCode(owner: string): string {
  return owner
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}
