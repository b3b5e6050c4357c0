import { Flex, Switch, Text } from '@radix-ui/themes';
import { LOST_COPY } from './copy.ts';

/**
 * 'Animal perdu': one control wherever an animal can be marked lost ('Mes animaux' and its page), a switch, as
 * it acts at once (a checkbox on one page, a switch on the other). Never disabled while it saves,
 * which would drop focus: the caller ignores a change that comes while the first is saved.
 */
export function LostSwitch({
  lost,
  onChange,
  size = '3',
}: {
  lost: boolean;
  onChange: (lost: boolean) => void;
  size?: '2' | '3';
}) {
  return (
    <Text as="label" size={size} weight="medium">
      <Flex gap="2" align="center">
        <Switch color="red" checked={lost} onCheckedChange={onChange} />
        {LOST_COPY.lost.lost}
      </Flex>
    </Text>
  );
}
