namespace EventCommitLab.Harness.Suites;

/// <summary>
/// A process a suite starts from the harness itself: the internal verb it is started with, never a command line of the
/// lab's, and what runs there.
/// </summary>
/// <param name="RunAsync">Runs the child with the arguments after the verb; returns its exit code.</param>
internal sealed record SuiteChild(string Verb, Func<IReadOnlyList<string>, Task<int>> RunAsync);
