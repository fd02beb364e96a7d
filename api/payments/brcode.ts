/**
 * The PIX "copia e cola" payload (BR Code): EMV QRCPS fields as the Banco Central's PIX
 * initiation manual defines them, closed by a CRC16-CCITT-FALSE checksum (poly 0x1021, init 0xFFFF).
 */

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Names and cities travel as plain ASCII: accents dropped, other characters removed. */
export function asciiField(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, max)
    .trim();
}

export interface PixPayloadInput {
  /** the receiver's PIX key (CPF/CNPJ, e-mail, phone or random key) */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** omitted: the payer types the amount */
  amountCents?: number;
  /** up to 25 letters and digits; "***" when none */
  txid?: string;
  description?: string;
}

export function buildPixPayload(input: PixPayloadInput): string {
  const account =
    field('00', 'br.gov.bcb.pix') +
    field('01', input.key) +
    (input.description ? field('02', asciiField(input.description, 40)) : '');
  const txid = (input.txid ?? '***').replace(/[^A-Za-z0-9*]/g, '').slice(0, 25) || '***';
  const body =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    (input.amountCents !== undefined ? field('54', (input.amountCents / 100).toFixed(2)) : '') +
    field('58', 'BR') +
    field('59', asciiField(input.merchantName, 25)) +
    field('60', asciiField(input.merchantCity, 15)) +
    field('62', field('05', txid)) +
    '6304';
  return body + crc16(body);
}
