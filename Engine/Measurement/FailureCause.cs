using System.Diagnostics;
using EventCommitLab.Contract;

namespace EventCommitLab.Engine.Measurement;

/// <summary>Turns an exception into the short cause a table cell can hold: its type, where in the lab it arose, its message.</summary>
internal static class FailureCause
{
    private const int MaxLength = 200;
    private const string LabNamespace = "EventCommitLab";

    public static string Of(Exception exception)
    {
        ArgumentNullException.ThrowIfNull(exception);
        var root = exception is AggregateException { InnerExceptions.Count: 1 } aggregate ? aggregate.InnerExceptions[0] : exception;
        var text = root switch
        {
            CommitRetriesExhaustedException exhausted => exhausted.Message,
            CaseTimedOutException timedOut => timedOut.Message,
            // The type and origin first, so that a long message is what gets cut: a bare NullReferenceException says nothing.
            _ => Origin(root) is { } origin ? $"{root.GetType().Name} in {origin}: {root.Message}" : $"{root.GetType().Name}: {root.Message}",
        };
        var line = text.Split('\n')[0].Trim();
        return line.Length <= MaxLength ? line : line[..(MaxLength - 3)] + "...";
    }

    /// <summary>The innermost lab method the exception passed through, as Type.Method (async state machines unwrapped).</summary>
    private static string? Origin(Exception exception)
    {
        foreach (var frame in new StackTrace(exception, fNeedFileInfo: false).GetFrames())
        {
            if (frame.GetMethod() is not { DeclaringType: { } type } method || type.Namespace?.StartsWith(LabNamespace, StringComparison.Ordinal) != true)
            {
                continue;
            }

            // An async method runs as <Name>d__N.MoveNext nested in its real type.
            return type.Name.StartsWith('<') && type.DeclaringType is { } owner
                ? $"{owner.Name}.{type.Name[1..type.Name.IndexOf('>', StringComparison.Ordinal)]}"
                : $"{type.Name}.{method.Name}";
        }

        return null;
    }
}
