/**
 * npm run staff:add -- <email>      gives the account the staff role and a new authenticator secret
 * npm run staff:remove -- <email>   takes the role away
 * Like payments:confirm, it calls the running API (ADMIN_TOKEN; API_URL, default
 * http://localhost:$PORT), so it works on the embedded database too. staff:add prints the
 * otpauth:// URI and its QR code for the staff member's authenticator app; running it again
 * replaces a lost authenticator (the old secret stops working).
 */
import QRCode from 'qrcode';

const [action, email] = process.argv.slice(2);
const token = process.env.ADMIN_TOKEN;
const base = (process.env.API_URL ?? `http://localhost:${process.env.PORT ?? 4321}`).replace(/\/$/, '');
if ((action !== 'add' && action !== 'remove') || !email || !token) {
  console.error('Uso: ADMIN_TOKEN=… npm run staff:add -- <e-mail>  |  ADMIN_TOKEN=… npm run staff:remove -- <e-mail>');
  process.exit(1);
}
const response = await fetch(`${base}/api/admin/staff`, {
  method: action === 'add' ? 'POST' : 'DELETE',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ email }),
}).catch((err: Error) => {
  console.error(`Não foi possível falar com a API em ${base}: ${err.message}`);
  process.exit(1);
});
const body = (await response.json().catch(() => ({}))) as { otpauthUri?: string; error?: { message: string } };
if (!response.ok) {
  console.error(`Erro ${response.status}: ${body.error?.message ?? 'resposta inesperada'}`);
  process.exit(1);
}
if (action === 'remove') {
  console.log(`${email} não faz mais parte da equipe.`);
} else {
  console.log(`${email} agora faz parte da equipe.`);
  console.log('No aplicativo autenticador (Google Authenticator, Aegis, 1Password…), leia o QR code abaixo');
  console.log('ou digite este endereço. Ele só aparece agora: guarde-o com cuidado ou rode o comando de novo.\n');
  console.log(await QRCode.toString(body.otpauthUri!, { type: 'terminal', small: true }));
  console.log(body.otpauthUri);
}
