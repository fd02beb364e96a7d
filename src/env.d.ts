/// <reference types="astro/client" />
/// <reference types="vite-plugin-pwa/client" />
/// <reference types="vite-plugin-pwa/info" />

interface ImportMetaEnv {
  readonly PUBLIC_API_URL?: string;
  readonly PUBLIC_CONTROLLER_NAME?: string;
  readonly PUBLIC_PRIVACY_EMAIL?: string;
  readonly PUBLIC_CAPSI_NAME?: string;
  readonly PUBLIC_CAPSI_PHONE?: string;
}
