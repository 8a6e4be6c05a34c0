import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { python } from "./common.js";

const NOTE =
	"# pip install git+https://github.com/SAP-samples/sap-rpt-1-oss\n# The estimators download the sap-rpt-1-oss checkpoint from the Hub (accept its terms first).";

/**
 * sap-rpt-1-oss: an in-context tabular model behind scikit-learn style
 * estimators; `fit` stores the context rows, `predict` scores new ones.
 */
export function snippets(_model: ModelData): LibrarySnippet[] {
	return [
		python(
			`${NOTE}
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import train_test_split
from sap_rpt_oss import SAP_RPT_OSS_Classifier

X, y = load_breast_cancer(return_X_y=True, as_frame=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, random_state=0)
clf = SAP_RPT_OSS_Classifier(max_context_size=2048, bagging=1)
clf.fit(X_train, y_train)
print(clf.predict(X_test)[:10])
print(clf.predict_proba(X_test)[:3])`,
			"Classification",
		),
		python(
			`${NOTE}
from sklearn.datasets import load_diabetes
from sklearn.model_selection import train_test_split
from sap_rpt_oss import SAP_RPT_OSS_Regressor

X, y = load_diabetes(return_X_y=True, as_frame=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, random_state=0)
reg = SAP_RPT_OSS_Regressor(max_context_size=2048, bagging=1)
reg.fit(X_train, y_train)
print(reg.predict(X_test)[:10])`,
			"Regression",
		),
	];
}
