import './portal.css';
import { ThemeRoot } from '@medaille/design-system';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AccountPage } from './account/account-page.tsx';
import { ActivationPage } from './activation/activation-page.tsx';
import { CallbackPage } from './auth/callback-page.tsx';
import { LoginPage } from './auth/login-page.tsx';
import { RegisterPage } from './auth/register-page.tsx';
import { EditAnimalPage } from './edit/edit-animal-page.tsx';

/** Every owner route, rendered inside the shell's router (one history for the whole site). */
export default function PortalApp() {
  return (
    <ThemeRoot>
      <Routes>
        <Route path="/auth/login" element={<LoginPage />} />
        <Route path="/auth/register" element={<RegisterPage />} />
        <Route path="/auth/callback" element={<CallbackPage />} />
        <Route path="/activer" element={<ActivationPage />} />
        <Route path="/mon-compte" element={<AccountPage />} />
        <Route path="/mon-compte/animal/:id" element={<EditAnimalPage />} />
        <Route path="*" element={<Navigate to="/mon-compte" replace />} />
      </Routes>
    </ThemeRoot>
  );
}
