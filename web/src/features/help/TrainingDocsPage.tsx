import TrainingTree, { NewTabLink } from './TrainingTree';

/** Training Documents (/trainingdocs, doc 3 §2): a searchable tree of the categories the caller sees; a document opens in a new tab. */
export default function TrainingDocsPage() {
  return <TrainingTree shelf="documents" title="Training Documents" noun="training documents" leaf={(item) => <NewTabLink item={item} />} />;
}
