using EventCommitLab.Engine.Racing;
using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.Tags;

/// <summary>A tags run: each storage's build and each query's figures, and where it ran.</summary>
/// <param name="Race">How each query's race decided; null in runs from before the race.</param>
/// <param name="Verdicts">Each query's verdict; null in runs from before the race.</param>
public sealed record TagsSuiteResult(
    TagsSuiteSettings Settings, IReadOnlyList<TagLogBuild> Builds, IReadOnlyList<TagQueryResult> Queries, SuiteEnvironment Environment,
    RaceSettings? Race = null, IReadOnlyList<TagsVerdict>? Verdicts = null);
