import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import {
  addAmounts,
  amountsEqual,
  compareAmounts,
  componentsSumToTotal,
  formatMoney,
  isDecimal,
  isScaled,
  isZero,
  minorUnits,
  multiply,
  scale,
  subtract,
  sumByCurrency,
} from './money';

// Intl separates a symbol and a number with a no-break space in some locales.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('minorUnits (ISO 4217)', () => {
  it.each([
    ['JPY', 0],
    ['jpy', 0],
    ['KRW', 0],
    ['EUR', 2],
    ['USD', 2],
    ['GBP', 2],
    ['CHF', 2],
    ['KWD', 3],
    ['BHD', 3],
    ['CLF', 4],
    ['XYZ', 2],
    ['', 2],
  ])('%s has %i', (currency, digits) => {
    expect(minorUnits(currency)).toBe(digits);
  });
});

describe('isDecimal / isScaled', () => {
  it.each([
    ['12.50', 'EUR', true],
    ['-12.50', 'EUR', true],
    ['0.00', 'USD', true],
    ['12.5', 'EUR', false],
    ['12', 'EUR', false],
    ['12.500', 'EUR', false],
    ['1200', 'JPY', true],
    ['1200.00', 'JPY', false],
    ['1200.', 'JPY', false],
    ['12.345', 'KWD', true],
    ['12.34', 'KWD', false],
    ['.50', 'EUR', false],
    ['1e3', 'JPY', false],
    ['1,200.00', 'EUR', false],
    [' 12.50', 'EUR', false],
    ['+12.50', 'EUR', false],
    ['', 'EUR', false],
  ])('isScaled(%j, %s) is %s', (amount, currency, expected) => {
    expect(isScaled(amount, currency)).toBe(expected);
  });

  it.each([
    ['12.50', true],
    ['-0', true],
    ['abc', false],
    ['', false],
    [12.5, false],
    [null, false],
  ])('isDecimal(%j) is %s', (value, expected) => {
    expect(isDecimal(value)).toBe(expected);
  });
});

describe('scale: half-up to the currency, exact decimals', () => {
  it.each([
    ['2.345', 'EUR', '2.35'],
    ['2.344', 'EUR', '2.34'],
    ['2.3449999999', 'EUR', '2.34'],
    ['-2.345', 'EUR', '-2.35'],
    ['-2.344', 'EUR', '-2.34'],
    ['-0.004', 'EUR', '0.00'],
    ['1.005', 'USD', '1.01'],
    ['12.5', 'EUR', '12.50'],
    ['7', 'GBP', '7.00'],
    ['1234.5', 'JPY', '1235'],
    ['1234.49', 'JPY', '1234'],
    ['-0.5', 'JPY', '-1'],
    ['1.0005', 'KWD', '1.001'],
    ['123456789012345678901234.565', 'EUR', '123456789012345678901234.57'],
  ])('scale(%s, %s) = %s', (amount, currency, expected) => {
    expect(scale(amount, currency)).toBe(expected);
    expect(isScaled(expected, currency)).toBe(true);
  });

  it('refuses a non-decimal', () => {
    for (const text of ['12,50', '', '-', '.', '1.2.3', '+5', ' 5', 'NaN', 'Infinity'])
      expect(() => scale(text, 'EUR'), text).toThrow();
  });

  it('takes the result of a big.js computation whatever its size, in full', () => {
    // big.js writes 1e-7 and 1e+21 in exponent form from toString(); scale reads its toFixed().
    expect(scale(new Big('0.0000001').times(50_000), 'EUR')).toBe('0.01');
    expect(scale(new Big('1e21').plus('0.125'), 'EUR')).toBe('1000000000000000000000.13');
    expect(scale(new Big('-2.345'), 'EUR')).toBe('-2.35');
  });

  it('reads the exponent forms a number turns into as text', () => {
    expect(scale('1e-7', 'KWD')).toBe('0.000');
    expect(scale('2.5e3', 'EUR')).toBe('2500.00');
    expect(scale('.5', 'JPY')).toBe('1');
    expect(scale('12.', 'EUR')).toBe('12.00');
  });
});

describe('arithmetic without float drift', () => {
  it.each([
    [['0.10', '0.20'], 'EUR', '0.30'],
    [['1234.50', '246.90'], 'EUR', '1481.40'],
    [['1000', '2500', '12'], 'JPY', '3512'],
    [['1.005', '1.005'], 'EUR', '2.01'],
    [['-150.00', '150.00'], 'CHF', '0.00'],
    [[], 'EUR', '0.00'],
    [[], 'JPY', '0'],
    [['9007199254740993.01', '0.01'], 'USD', '9007199254740993.02'],
  ])('addAmounts(%j, %s) = %s', (amounts, currency, expected) => {
    expect(addAmounts(amounts, currency)).toBe(expected);
  });

  it.each([
    ['0.30', '0.10', 'EUR', '0.20'],
    ['10.00', '10.01', 'EUR', '-0.01'],
    ['1000', '1', 'JPY', '999'],
    ['1481.40', '1234.50', 'EUR', '246.90'],
  ])('subtract(%s, %s, %s) = %s', (a, b, currency, expected) => {
    expect(subtract(a, b, currency)).toBe(expected);
  });

  // vatRate is a JSON number (spec: Conventions); each case goes wrong with JS numbers.
  it.each([
    ['1234.50', 0.2, 'EUR', '246.90'],
    ['150.00', 0.077, 'CHF', '11.55'],
    ['19.99', 0.077, 'CHF', '1.54'],
    ['184300', 0.1, 'JPY', '18430'],
    ['1.15', 0.1, 'EUR', '0.12'], // 1.15 * 0.1 = 0.11499999999999999 in floats
    ['4.35', 100, 'EUR', '435.00'], // 434.99999999999994 in floats
    ['0.50', 0.077, 'EUR', '0.04'],
    ['1234.50', 1.2, 'EUR', '1481.40'],
    ['-150.00', 0.077, 'CHF', '-11.55'],
    ['10.00', '0.3', 'EUR', '3.00'],
  ])('multiply(%s, %s, %s) = %s', (amount, factor, currency, expected) => {
    expect(multiply(amount, factor, currency)).toBe(expected);
  });

  it('reads a rate from its decimal text, not its binary value', () => {
    // 0.1 + 0.2 is 0.30000000000000004: the product keeps that tail, then rounds it away.
    expect(multiply('1000000000000.00', 0.1 + 0.2, 'EUR')).toBe('300000000000.00');
    expect(multiply('1.00', 1e-7, 'KWD')).toBe('0.000');
  });

  it.each([
    ['1.50', '1.5', 0, true],
    ['-1.00', '1.00', -1, false],
    ['1200', '999.99', 1, false],
  ])('compareAmounts / amountsEqual(%s, %s)', (a, b, order, equal) => {
    expect(compareAmounts(a, b)).toBe(order);
    expect(amountsEqual(a, b)).toBe(equal);
  });

  it.each([
    ['0.00', true],
    ['-0', true],
    ['0.01', false],
  ])('isZero(%s) is %s', (amount, expected) => {
    expect(isZero(amount)).toBe(expected);
  });
});

describe('sumByCurrency', () => {
  it('totals each currency apart, sorted by code, and counts null as missing', () => {
    expect(
      sumByCurrency([
        { amount: '1234.50', currency: 'EUR' },
        { amount: '184300', currency: 'JPY' },
        { amount: null, currency: 'EUR' },
        { amount: '0.10', currency: 'EUR' },
        { amount: '0.20', currency: 'EUR' },
        { amount: '12000', currency: 'JPY' },
        { amount: undefined, currency: 'USD' },
        { amount: '150.00', currency: 'CHF' },
      ]),
    ).toEqual([
      { currency: 'CHF', total: '150.00', count: 1, missing: 0 },
      { currency: 'EUR', total: '1234.80', count: 3, missing: 1 },
      { currency: 'JPY', total: '196300', count: 2, missing: 0 },
      { currency: 'USD', total: '0.00', count: 0, missing: 1 },
    ]);
  });

  it('never adds across currencies, even with equal amounts', () => {
    const totals = sumByCurrency([
      { amount: '100.00', currency: 'EUR' },
      { amount: '100.00', currency: 'USD' },
    ]);
    expect(totals.map((t) => [t.currency, t.total])).toEqual([
      ['EUR', '100.00'],
      ['USD', '100.00'],
    ]);
  });

  it('counts a malformed amount as missing rather than throwing', () => {
    expect(sumByCurrency([{ amount: '12,50', currency: 'EUR' }])).toEqual([
      { currency: 'EUR', total: '0.00', count: 0, missing: 1 },
    ]);
  });

  it('is empty for no items and takes any iterable', () => {
    expect(sumByCurrency([])).toEqual([]);
    function* items() {
      yield { amount: '1', currency: 'JPY' };
      yield { amount: '2', currency: 'JPY' };
    }
    expect(sumByCurrency(items())).toEqual([{ currency: 'JPY', total: '3', count: 2, missing: 0 }]);
  });
});

describe('componentsSumToTotal', () => {
  const c = (...amounts: string[]) => amounts.map((amount) => ({ amount }));
  it.each([
    ['1234.50', c('870.00', '240.00', '124.50'), true],
    ['1234.50', c('870.00', '240.00', '124.49'), false],
    ['0.30', c('0.10', '0.20'), true],
    ['184300', c('150300', '22000', '12000'), true],
    ['184300', c('150300', '22000'), false],
    ['0.00', c(), true],
    ['1.00', c(), false],
    ['-150.00', c('-150.00'), true],
    ['1234.5', c('1234.50'), true],
    [null, c('1.00'), true],
  ])('total %s with %j is %s', (total, components, expected) => {
    expect(componentsSumToTotal({ total, components })).toBe(expected);
  });
});

describe('formatMoney', () => {
  it.each([
    ['1234.50', 'EUR', 'en-US', '€1,234.50'],
    ['1234.50', 'EUR', 'de-DE', '1.234,50 €'],
    ['1200', 'JPY', 'en-US', '¥1,200'],
    ['1200', 'JPY', 'ja-JP', '￥1,200'],
    ['-11.55', 'CHF', 'en-US', '-CHF 11.55'],
    ['1.500', 'KWD', 'en-US', 'KWD 1.500'],
    // Beyond 2^53: every digit is kept (the string is formatted, not a float).
    ['12345678901234567.89', 'EUR', 'en-US', '€12,345,678,901,234,567.89'],
    ['9007199254740993', 'JPY', 'en-US', '¥9,007,199,254,740,993'],
  ])('formatMoney(%s, %s, %s) = %s', (amount, currency, locale, expected) => {
    expect(plain(formatMoney(amount, currency, locale))).toBe(expected);
  });

  it('shows JPY without decimals and EUR with two, whatever the input scale', () => {
    expect(plain(formatMoney('1200.4', 'JPY', 'en-US'))).toBe('¥1,200');
    expect(plain(formatMoney('12.5', 'EUR', 'en-US'))).toBe('€12.50');
  });

  it.each([
    ['XYZ', 'XYZ 12.50'], // well-formed but unknown: Intl shows the code
    ['EURO', '12.50 EURO'], // malformed: Intl throws, the fallback shows the amount
    ['', '12.50 '],
  ])('does not throw for the currency %j', (currency, expected) => {
    expect(() => formatMoney('12.50', currency, 'en-US')).not.toThrow();
    expect(plain(formatMoney('12.50', currency, 'en-US'))).toBe(expected);
  });
});
