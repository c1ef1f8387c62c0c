namespace EventCommitLab.Tests.Infrastructure;

/// <summary>
/// Tests that observe the whole process (TaskScheduler.UnobservedTaskException is one event for every test): they run
/// after the parallel ones, alone, so that another test's faulted task collected meanwhile is not counted as theirs.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class ProcessWideObserverCollection
{
    public const string Name = "process-wide observers";
}
