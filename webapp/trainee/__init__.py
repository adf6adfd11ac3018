"""The trainee's pages: the lesson notebook and its cells (a hand dealt step by step,
questions, drills), auditions taken, progress. Blueprint names and URLs are those of
before the move (url_for is unchanged)."""
