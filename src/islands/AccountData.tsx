/**
 * "Seus dados" (LGPD art. 18): a copy of everything the app holds, and the deletion of the account
 * after re-entering the password. Both act on the server; deletion also clears this device.
 */
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { ApiError, call, client } from '../lib/api.ts';
import { forgetThisDevice } from '../lib/device.ts';
import { removeKey } from '../lib/storage.ts';
import { flash, toast } from '../lib/toast.ts';
import { announce } from '../stores/session.ts';
import Field from './Field.tsx';
import { useMountedOnce } from './useMountedOnce.ts';

const Dialog = lazy(() => import('./Dialog.tsx'));

export default function AccountData() {
  const [exporting, setExporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const dialogMounted = useMountedOnce(deleting);

  async function exportData() {
    setExporting(true);
    try {
      const data = await call(client.account.export.$get());
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `olhar-de-mae-meus-dados-${data.exportedAt.slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      toast('Dados exportados', 'O arquivo com todos os seus dados foi baixado.', 'success');
    } catch (err) {
      toast('Erro', err instanceof ApiError ? err.message : 'Não foi possível exportar seus dados. Tente novamente.');
    } finally {
      setExporting(false);
    }
  }

  async function deleteAccount(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError('Senha é obrigatória');
      return;
    }
    setBusy(true);
    try {
      await call(client.account.delete.$post({ json: { password } }));
      await forgetThisDevice();
      removeKey('security_logs');
      flash('Conta excluída', 'Seus dados foram apagados. Sentiremos sua falta.');
      await announce('SIGNED_OUT');
      window.location.replace('/auth/');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validation_failed') setError(err.fields.password ?? err.message);
      else toast('Erro', err instanceof ApiError ? err.message : 'Não foi possível excluir a conta. Tente novamente.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card account-data" aria-labelledby="seus-dados">
      <h2 id="seus-dados">Seus dados</h2>
      <p>
        Você pode baixar uma cópia de tudo o que o Olhar de Mãe guarda sobre você, ou excluir sua conta e todos os seus
        registros.
      </p>
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void exportData()} disabled={exporting}>
          {exporting ? 'Preparando…' : 'Exportar meus dados'}
        </button>
        <button type="button" className="btn btn-ghost danger-link" onClick={() => setDeleting(true)}>
          Excluir minha conta
        </button>
      </div>
      {dialogMounted && (
        <Suspense fallback={null}>
          <Dialog open={deleting} onClose={() => setDeleting(false)} title="Excluir sua conta?">
            <form method="post" onSubmit={deleteAccount} noValidate>
              <p>
                Seus diários, profissionais, perfil e sessões serão apagados para sempre. Os registros de pagamento
                ficam guardados pelo prazo da lei, sem seus dados pessoais. Para confirmar, digite sua senha.
              </p>
              <Field
                label="Senha"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setError('');
                }}
                error={error || undefined}
              />
              <div className="dialog-actions">
                <button type="submit" className="btn btn-danger" disabled={busy}>
                  {busy ? 'Excluindo…' : 'Excluir minha conta'}
                </button>
                <button type="button" className="btn btn-secondary" onClick={() => setDeleting(false)}>
                  Cancelar
                </button>
              </div>
            </form>
          </Dialog>
        </Suspense>
      )}
    </section>
  );
}
