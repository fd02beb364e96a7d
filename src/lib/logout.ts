/**
 * A visible way out (the spec has none), bound by the guard on a page that has a `[data-logout]`
 * button (the home page). The page carries only this listener; what leaving does (the API client,
 * the device's stores, the unsent-writes dialog) loads when she taps "Sair", and the toast only if
 * it fails, which keeps the home page within its 10 kB script budget.
 */

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-logout]')) {
  button.addEventListener('click', () => {
    button.disabled = true;
    void import('./logout-flow.ts')
      .then(({ logout }) => logout())
      .catch(() =>
        import('./toast.ts').then(({ toast }) =>
          toast('Erro', 'Não foi possível sair agora. Verifique sua conexão e tente novamente.'),
        ),
      )
      .finally(() => (button.disabled = false));
  });
}
