import { useSearchParams } from 'react-router';
import { Page } from '../../ui/page';
import { Tabs } from '../../ui/tabs';
import { EmailsSection } from './emails-section';
import { IntegrationsSection } from './integrations-section';
import { ParametersSection } from './parameters-section';
import './settings.css';

const TABS = [
  { id: 'parameters', label: 'Parameters' },
  { id: 'integrations', label: 'Integration instances' },
  { id: 'notifications', label: 'Notification emails' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * The account's settings in three tabs: parameters, integration instances and the failure
 * notification emails. The open tab is in the URL (`?tab=`), so each has a link.
 */
export function SettingsScreen() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabId = TABS.find((t) => t.id === asked)?.id ?? 'parameters';
  const select = (id: TabId) => setParams({ tab: id }, { replace: true });
  return (
    <Page title="Settings">
      <Tabs label="Settings" tabs={[...TABS]} selected={tab} onSelect={(id) => select(id as TabId)}>
        {tab === 'parameters' && <ParametersSection />}
        {tab === 'integrations' && <IntegrationsSection />}
        {tab === 'notifications' && <EmailsSection />}
      </Tabs>
    </Page>
  );
}
