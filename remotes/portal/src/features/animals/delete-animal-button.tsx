import { ConfirmDialog } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { ROUTES } from '@medaille/routing';
import { useNavigate } from '@medaille/routing/router';
import { Button, Flex } from '@radix-ui/themes';
import { useState } from 'react';
import { COPY } from '../../copy.ts';
import { deleteAnimal, type MemberAnimal } from './api.ts';
import { ANIMALS_COPY } from './copy.ts';

const text = ANIMALS_COPY.edit;

/**
 * 'Supprimer l'animal', after the owner confirms it; then back to 'Mes animaux'. The dialog names the other
 * members of its household, who lose it too (the function tells them by e-mail).
 */
export function DeleteAnimalButton({
  animal,
  household,
}: {
  animal: Pick<MemberAnimal, 'id' | 'nom'>;
  /** The other members' addresses, those whose access has not ended. */
  household: string[];
}) {
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    const outcome = await deleteAnimal(animal.id);
    setDeleting(false);
    if (!outcome.deleted) {
      toast({
        topic: 'animal-delete',
        title: text.deleteFailed,
        description: outcome.message ?? COPY.unexpected,
        variant: 'destructive',
      });
      return;
    }
    toast({ topic: 'animal-delete', title: text.deleted });
    navigate(ROUTES.account);
  };

  return (
    <>
      <Flex mt="5">
        <Button type="button" color="red" variant="soft" onClick={() => setConfirmDelete(true)}>
          {text.delete}
        </Button>
      </Flex>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={text.deleteTitle}
        description={
          household.length > 0 ? (
            <>
              {text.deleteText(animal.nom)}
              <span className="portal-dialog-paragraph">{text.deleteHousehold(household)}</span>
            </>
          ) : (
            text.deleteText(animal.nom)
          )
        }
        confirmLabel={text.deleteConfirm}
        onConfirm={() => void remove()}
        busy={deleting}
      />
    </>
  );
}
