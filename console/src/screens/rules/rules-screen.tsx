import { Page } from '../../ui/page';
import { Empty } from '../../ui/states';

export function RulesScreen() {
  return (
    <Page title="Rules">
      <Empty>This screen is being built.</Empty>
    </Page>
  );
}
