import { Spinner } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { ROUTES } from '@medaille/routing';
import { Navigate, useParams } from '@medaille/routing/router';
import { useAuth } from '@medaille/supabase';
import { type ReactNode, useEffect } from 'react';
import { COPY } from '../../copy.ts';
import { SignInFirst } from '../auth/index.ts';
import { type MemberAnimal, type Membership, useMemberAnimal } from './api.ts';
import { ANIMALS_COPY } from './copy.ts';

/**
 * The pages of one animal (`/mon-compte/animal/{id}/…`: edit page, history, poster) alike: signed out, the
 * login first; an animal of another household (or a keeper's after their last day) or one that cannot be
 * read, a French toast and back to 'Mes animaux'; then the page, given the animal and the person's role.
 */
export function MemberAnimalRoute({
  children,
}: {
  children: (animal: MemberAnimal, membership: Membership) => ReactNode;
}) {
  const { id = '' } = useParams();
  const auth = useAuth();
  const load = useMemberAnimal(id);

  useEffect(() => {
    if (load.state === 'denied') {
      toast({
        topic: 'animal-load',
        title: ANIMALS_COPY.edit.denied.title,
        description: ANIMALS_COPY.edit.denied.description,
        variant: 'destructive',
      });
    } else if (load.state === 'failed') {
      toast({
        topic: 'animal-load',
        title: COPY.error,
        description: ANIMALS_COPY.edit.loadFailed,
        variant: 'destructive',
      });
    }
  }, [load.state]);

  if (auth.loading) return <Spinner label={COPY.session.checking} />;
  if (!auth.isAuthenticated) return <SignInFirst />;
  if (load.state === 'denied' || load.state === 'failed') return <Navigate to={ROUTES.account} replace />;
  if (load.state === 'loading') return <Spinner label={COPY.loading} />;
  return children(load.animal, load.membership);
}
