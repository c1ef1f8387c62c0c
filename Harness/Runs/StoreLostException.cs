using System.Globalization;

namespace EventCommitLab.Harness.Runs;

/// <summary>The store stopped answering during a run: a store failure, not the strategies'. The run writes nothing.</summary>
public sealed class StoreLostException(string store, TimeSpan silent, Exception lastError)
    : Exception(string.Create(CultureInfo.InvariantCulture,
        $"the {store} store stopped answering ({silent.TotalSeconds:0} s without an answer; last error: {lastError.GetType().Name}: {lastError.Message.Split('\n')[0].Trim()}); the run was stopped and nothing was written."),
        lastError);
