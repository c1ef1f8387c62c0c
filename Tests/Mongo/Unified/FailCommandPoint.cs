using MongoDB.Bson;

namespace EventCommitLab.Tests.Mongo.Unified;

/// <summary>
/// The server's failCommand fail point: for the listed commands, the next N times (or always), close the connection,
/// answer with an error code, or run the command and add a write concern error; with the given labels, or with the
/// ones the server would attach.
/// </summary>
internal sealed class FailCommandPoint
{
    private int? _remaining;

    private FailCommandPoint(BsonDocument data, int? times)
    {
        Commands = [.. data.GetValue("failCommands", new BsonArray()).AsBsonArray.Select(c => c.AsString)];
        CloseConnection = data.GetValue("closeConnection", false).ToBoolean();
        ErrorCode = data.TryGetValue("errorCode", out var code) ? code.ToInt32() : null;
        ErrorLabels = data.TryGetValue("errorLabels", out var labels) ? [.. labels.AsBsonArray.Select(l => l.AsString)] : null;
        WriteConcernError = data.TryGetValue("writeConcernError", out var wce) ? wce.AsBsonDocument : null;
        _remaining = times;
    }

    public IReadOnlyList<string> Commands { get; }

    public bool CloseConnection { get; }

    public int? ErrorCode { get; }

    /// <summary>Labels the fail point dictates; null leaves them to the server's rules.</summary>
    public IReadOnlyList<string>? ErrorLabels { get; }

    public BsonDocument? WriteConcernError { get; }

    /// <summary>The fail point a configureFailPoint command sets; null for mode "off".</summary>
    /// <exception cref="NotSupportedException">Another fail point, or a mode this emulation does not know.</exception>
    public static FailCommandPoint? From(BsonDocument command)
    {
        if (command["configureFailPoint"].AsString != "failCommand")
        {
            throw new NotSupportedException($"the emulated server has no fail point {command["configureFailPoint"]}");
        }

        var data = command.GetValue("data", new BsonDocument()).AsBsonDocument;
        if (data.Contains("blockConnection") || data.Contains("appName"))
        {
            throw new NotSupportedException("the emulated server's fail point neither blocks connections nor filters by appName");
        }

        return command["mode"] switch
        {
            BsonString { Value: "off" } => null,
            BsonString { Value: "alwaysOn" } => new FailCommandPoint(data, null),
            BsonDocument mode when mode.Contains("times") => new FailCommandPoint(data, mode["times"].ToInt32()),
            var mode => throw new NotSupportedException($"the emulated server does not know the fail point mode {mode}"),
        };
    }

    /// <summary>True (and one use spent) when the fail point applies to this command.</summary>
    public bool Fires(string command)
    {
        if (!Commands.Contains(command, StringComparer.Ordinal) || _remaining is 0)
        {
            return false;
        }

        if (_remaining is { } remaining)
        {
            _remaining = remaining - 1;
        }

        return true;
    }
}
