using EventCommitLab.SuitePorts.Dcb;

namespace EventCommitLab.Dcb;

/// <summary>The ways of appending to a DCB log the lab compares; one line per appender.</summary>
public static class DcbAppenderCatalog
{
    public static IReadOnlyDictionary<string, Func<IDcbLog, IDcbAppender>> All { get; } = new Dictionary<string, Func<IDcbLog, IDcbAppender>>(StringComparer.Ordinal)
    {
        ["GroupCommit"] = log => new GroupCommitAppender(log),
        ["TagLocks"] = log => new TagLockAppender(log),
        ["Serializable"] = log => new SerializableAppender(log),
    };

    /// <summary>The appender named <paramref name="name"/>, on <paramref name="log"/>.</summary>
    /// <exception cref="ArgumentException">No appender has that name; the message lists those that do.</exception>
    public static IDcbAppender Create(string name, IDcbLog log) =>
        All.TryGetValue(name, out var create)
            ? create(log)
            : throw new ArgumentException($"'{name}' is not a DCB appender; valid: {string.Join(", ", All.Keys)}.", nameof(name));
}
