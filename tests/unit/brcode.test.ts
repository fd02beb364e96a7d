import { asciiField, buildPixPayload, crc16 } from '../../api/payments/brcode.ts';

describe('BR Code (PIX copia e cola)', () => {
  it('computes CRC16-CCITT-FALSE of the check string as 29B1', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('reproduces the example of the Banco Central manual to the character', () => {
    const payload = buildPixPayload({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
    });
    expect(payload).toBe(
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
    );
  });

  it('carries the amount with two decimals and a txid, with a valid checksum', () => {
    const payload = buildPixPayload({
      key: 'pix@olhardemae.com.br',
      merchantName: 'Olhar de Mãe',
      merchantCity: 'São Paulo',
      amountCents: 3900,
      txid: 'abc-123_DEF',
    });
    expect(payload).toBe(
      '00020126430014br.gov.bcb.pix0121pix@olhardemae.com.br520400005303986540539.005802BR5912Olhar de Mae6009Sao Paulo62130509abc123DEF6304' +
        crc16(
          '00020126430014br.gov.bcb.pix0121pix@olhardemae.com.br520400005303986540539.005802BR5912Olhar de Mae6009Sao Paulo62130509abc123DEF6304',
        ),
    );
  });

  it('trims names to 25 and cities to 15 ASCII characters', () => {
    expect(asciiField('Associação Brasileira de Mães Atípicas', 25)).toBe('Associacao Brasileira de');
    expect(asciiField('São José dos Campos', 15)).toBe('Sao Jose dos Ca');
    const payload = buildPixPayload({
      key: 'k',
      merchantName: 'Associação Brasileira de Mães Atípicas',
      merchantCity: 'São José dos Campos',
    });
    expect(payload).toContain('5924Associacao Brasileira de');
    expect(payload).toContain('6015Sao Jose dos Ca');
  });
});
