using System.Buffers.Binary;
using System.Text;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>
/// Reads the messages a PostgreSQL client sends on one connection (after the untyped startup message) and says when
/// a chunk of them runs something that commits: COMMIT, or a batch statement (known by its leading comment, which
/// starts with "/* commit_batch"), whether sent as a simple query or bound from a statement parsed earlier, perhaps
/// prepared on this connection long before.
/// </summary>
internal sealed class FrontendMessages
{
    private const int EncryptionRequest = 80877103;
    private const int GssEncryptionRequest = 80877104;
    private readonly List<byte> _pending = [];
    private readonly HashSet<string> _committingStatements = new(StringComparer.Ordinal);
    private bool _startupSeen;

    public bool ExecutesACommit(ReadOnlySpan<byte> chunk)
    {
        _pending.AddRange(chunk.ToArray());
        var executes = false;
        var data = _pending.ToArray();
        var offset = 0;
        while (true)
        {
            if (!_startupSeen)
            {
                if (data.Length - offset < 4 || data.Length - offset < BinaryPrimitives.ReadInt32BigEndian(data.AsSpan(offset)))
                {
                    break;
                }

                // An SSL or GSS encryption request (8 bytes, refused on this plain connection) comes before the startup message.
                var untyped = BinaryPrimitives.ReadInt32BigEndian(data.AsSpan(offset));
                _startupSeen = !(untyped == 8 && data.Length - offset >= 8 && BinaryPrimitives.ReadInt32BigEndian(data.AsSpan(offset + 4)) is EncryptionRequest or GssEncryptionRequest);
                offset += untyped;
                continue;
            }

            if (data.Length - offset < 5)
            {
                break;
            }

            var length = BinaryPrimitives.ReadInt32BigEndian(data.AsSpan(offset + 1));
            if (data.Length - offset < length + 1)
            {
                break;
            }

            var body = data.AsSpan(offset + 5, length - 4);
            switch ((char)data[offset])
            {
                case 'Q':
                    executes |= Commits(CString(body, out _));
                    break;
                case 'P':
                    var name = CString(body, out var rest);
                    if (Commits(CString(body[rest..], out _)))
                    {
                        _committingStatements.Add(name);
                    }
                    else
                    {
                        _committingStatements.Remove(name);
                    }

                    break;
                case 'B':
                    _ = CString(body, out var afterPortal);
                    executes |= _committingStatements.Contains(CString(body[afterPortal..], out _));
                    break;
            }

            offset += length + 1;
        }

        _pending.RemoveRange(0, offset);
        return executes;
    }

    private static bool Commits(string sql) => sql.Trim().Equals("COMMIT", StringComparison.OrdinalIgnoreCase) || sql.Contains("/* commit_batch", StringComparison.Ordinal);

    private static string CString(ReadOnlySpan<byte> from, out int next)
    {
        var end = from.IndexOf((byte)0);
        next = end + 1;
        return Encoding.UTF8.GetString(from[..end]);
    }
}
