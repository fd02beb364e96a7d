import { phoneKind, telHref } from '../../src/shared/tel.ts';

describe('call links for Brazilian numbers', () => {
  it('dials short codes as they are', () => {
    for (const code of ['192', '193', '188', '190', '100']) expect(telHref(code)).toBe(`tel:${code}`);
  });

  it('dials 0800 numbers in national form, the only one carriers route', () => {
    expect(telHref('0800 722 6001')).toBe('tel:08007226001');
    expect(phoneKind('0800 722 6001')).toBe('service');
  });

  it('puts every number with an area code in international form', () => {
    expect(telHref('(11) 3333-4444')).toBe('tel:+551133334444');
    expect(telHref('(21) 98765-4321')).toBe('tel:+5521987654321');
    expect(telHref('+55 11 3333-4444')).toBe('tel:+551133334444');
  });

  it('refuses letters, a foreign country code and numbers that are too short or too long', () => {
    for (const bad of ['188 CVV', 'CAPSi', '+1 415 555 0100', '12', '(01) 3397-2000', '123456789012345']) {
      expect(phoneKind(bad), bad).toBeNull();
      expect(() => telHref(bad), bad).toThrow('não é um telefone que se possa ligar');
    }
  });
});
