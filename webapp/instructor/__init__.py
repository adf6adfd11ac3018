"""The instructor's pages: cohorts and the class dashboard (with its CSV and charts),
authoring lessons in the browser, the work assigned to a cohort."""
