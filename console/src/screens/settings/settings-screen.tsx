import { useSearchParams } from 'react-router';
import { Page } from '../../ui/page';
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
      <div
        className="tabs"
        role="tablist"
        aria-label="Settings"
        onKeyDown={(event) => {
          // Arrow keys move between the tabs, as the ARIA tabs pattern asks.
          const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
          if (step === 0) return;
          const index = TABS.findIndex((t) => t.id === tab);
          const next = TABS[(index + step + TABS.length) % TABS.length]!;
          select(next.id);
          document.getElementById(`tab-${next.id}`)?.focus();
        }}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={t.id === tab}
            aria-controls={t.id === tab ? `panel-${t.id}` : undefined}
            tabIndex={t.id === tab ? 0 : -1}
            onClick={() => select(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {tab === 'parameters' && <ParametersSection />}
        {tab === 'integrations' && <IntegrationsSection />}
        {tab === 'notifications' && <EmailsSection />}
      </div>
    </Page>
  );
}
