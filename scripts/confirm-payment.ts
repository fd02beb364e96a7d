/**
 * npm run payments:confirm -- <payment id>
 * For the static PIX provider: after seeing the payment in the bank statement, the operator
 * confirms it through the running API (ADMIN_TOKEN; API_URL, default http://localhost:$PORT).
 */
const [id] = process.argv.slice(2);
const token = process.env.ADMIN_TOKEN;
const base = (process.env.API_URL ?? `http://localhost:${process.env.PORT ?? 4321}`).replace(/\/$/, '');
if (!id || !token) {
  console.error('Uso: ADMIN_TOKEN=… npm run payments:confirm -- <id do pagamento>');
  process.exit(1);
}
const response = await fetch(`${base}/api/admin/payments/${encodeURIComponent(id)}/confirm`, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: '{}',
}).catch((err: Error) => {
  console.error(`Não foi possível falar com a API em ${base}: ${err.message}`);
  process.exit(1);
});
const body = (await response.json().catch(() => ({}))) as {
  payment?: { status: string; amount: number };
  outcome?: string;
  error?: { message: string };
};
if (!response.ok) {
  console.error(`Erro ${response.status}: ${body.error?.message ?? 'resposta inesperada'}`);
  process.exit(1);
}
const messages: Record<string, string> = {
  activated: 'Pagamento confirmado e assinatura ativada.',
  already_paid: 'Este pagamento já estava confirmado; nada mudou.',
  not_pending: `O pagamento não está pendente (situação: ${body.payment?.status}); nada mudou.`,
  amount_mismatch: 'O valor não confere; o pagamento foi marcado como falho.',
};
console.log(messages[body.outcome ?? ''] ?? JSON.stringify(body));

export {};
