"""The permissions the bot needs where a game is played, named as Discord's settings name them (issue 21).

Missing permissions are the most common failure of a self-hosted bot: a lobby opened where the bot cannot
post its board would fail at the first picture. ``/te new`` and ``/te start`` check the permissions Discord
sends with the interaction (``app_permissions``); during a game the channel posts check the cached ones
before each post (``bot.present.ChannelPosts``). Pure functions: no Discord call, no store.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from i18n import N_, Words

# (discord.py's flag, the name Discord's settings show), in the order the settings list them.
# The names are English catalogue messages, translated as each language's Discord settings name them when
# they are shown (``listed``); logs keep the English.
IN_CHANNEL = (
    ("view_channel", N_("View Channel")),
    ("send_messages", N_("Send Messages")),
    ("embed_links", N_("Embed Links")),
    ("attach_files", N_("Attach Files")),
    ("read_message_history", N_("Read Message History")),
)
# In a thread Discord asks for Send Messages in Threads instead of Send Messages.
IN_THREAD = tuple(
    ("send_messages_in_threads", N_("Send Messages in Threads")) if flag == "send_messages" else (flag, name)
    for flag, name in IN_CHANNEL
)
THREAD_TYPES = frozenset(
    {discord.ChannelType.public_thread, discord.ChannelType.private_thread, discord.ChannelType.news_thread}
)


def invite_permissions() -> discord.Permissions:
    """Everything the bot asks for when it is invited: the channel ones and the thread one."""
    return discord.Permissions(**{flag: True for flag, _ in (*IN_CHANNEL, *IN_THREAD)})


def invite_url(application_id: int) -> str:
    """The OAuth2 URL that adds the bot with its commands and exactly the permissions it needs."""
    return discord.utils.oauth_url(
        application_id,
        permissions=invite_permissions(),
        scopes=("bot", "applications.commands"),
    )


def is_thread(channel: object) -> bool:
    return getattr(channel, "type", None) in THREAD_TYPES


# Without View Channel nothing else counts, and without the right to send, neither do embeds nor files
# (Discord and discord.py take those away with it): only the permission that matters is named.
IMPLIED = {
    "View Channel": frozenset(name for _, name in (*IN_CHANNEL, *IN_THREAD)),
    "Send Messages": frozenset({"Embed Links", "Attach Files"}),
    "Send Messages in Threads": frozenset({"Embed Links", "Attach Files"}),
}


def missing(permissions: discord.Permissions, *, thread: bool) -> list[str]:
    """The needed permissions ``permissions`` lacks, by their names in Discord's settings."""
    needed = IN_THREAD if thread else IN_CHANNEL
    lacking = [name for flag, name in needed if not getattr(permissions, flag)]
    hidden = frozenset().union(*(IMPLIED[name] - {name} for name in lacking if name in IMPLIED))
    return [name for name in lacking if name not in hidden]


def missing_in(channel: object, me: discord.Member | None) -> list[str] | None:
    """What the bot lacks in a cached server channel or thread; None when the cache cannot tell (a channel
    of another shard's server, a DM)."""
    if me is None or not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        return None
    return missing(channel.permissions_for(me), thread=is_thread(channel))


def listed(names: Sequence[str], words: Words) -> str:
    """'Attach Files', 'Attach Files and Embed Links', 'A, B and C', in the reader's words."""
    shown = [words.gettext(name) for name in names]
    if len(shown) <= 1:
        return "".join(shown)
    return words.gettext("{first} and {last}", first=", ".join(shown[:-1]), last=shown[-1])


def grant_words(count: int, words: Words, *, thread: bool) -> str:
    """Where an admin grants the missing permissions (a thread takes its parent channel's)."""
    if thread:
        return words.ngettext(
            "a server admin can grant it to my role in the parent channel's settings (Edit Channel → "
            "Permissions), or for every channel in Server Settings → Roles",
            "a server admin can grant them to my role in the parent channel's settings (Edit Channel → "
            "Permissions), or for every channel in Server Settings → Roles",
            count,
        )
    return words.ngettext(
        "a server admin can grant it to my role in the channel's settings (Edit Channel → Permissions), or "
        "for every channel in Server Settings → Roles",
        "a server admin can grant them to my role in the channel's settings (Edit Channel → Permissions), "
        "or for every channel in Server Settings → Roles",
        count,
    )


def refusal(names: Sequence[str], words: Words, *, thread: bool) -> str:
    """The private answer to /te new or /te start where the bot lacks permissions: nothing is opened."""
    grant = grant_words(len(names), words, thread=thread)
    lacking = permission_words(names, words)
    if thread:
        return words.gettext(
            "I cannot run a game in this thread: I am missing {permissions}; {grant}, then try again.",
            permissions=lacking,
            grant=grant,
        )
    return words.gettext(
        "I cannot run a game in this channel: I am missing {permissions}; {grant}, then try again.",
        permissions=lacking,
        grant=grant,
    )


def lost_dm(game: str, place: str, names: Sequence[str], words: Words, *, thread: bool) -> str:
    """The one DM to a game's creator when the bot can no longer post in the game's channel."""
    what = permission_words(names, words) if names else words.gettext("the permission to post there")
    count = max(1, len(names))
    return words.ngettext(
        "**{game}** — I can no longer post in #{place}: I am missing {permissions}. The game keeps its state "
        "(moves, prompts and hands in DMs work as before) and I will post there again once it is back: "
        "{grant}.",
        "**{game}** — I can no longer post in #{place}: I am missing {permissions}. The game keeps its state "
        "(moves, prompts and hands in DMs work as before) and I will post there again once they are back: "
        "{grant}.",
        count,
        game=game,
        place=place,
        permissions=what,
        grant=grant_words(count, words, thread=thread),
    )


BACK_LINE = N_("I can post here again.")


def back_board(missed: int, words: Words) -> str:
    """The head of the post once the bot may post again: how many actions it could not show (``/te log``
    lists only what was posted; the players had each one by DM)."""
    if missed > 0:
        return words.ngettext(
            "I can post here again ({n} action played meanwhile); the board as it stands now:",
            "I can post here again ({n} actions played meanwhile); the board as it stands now:",
            missed,
        )
    return words.gettext("I can post here again; the board as it stands now:")


def permission_words(names: Sequence[str], words: Words) -> str:
    """'the Attach Files permission', 'the Attach Files and Embed Links permissions'."""
    return words.ngettext(
        "the {names} permission", "the {names} permissions", len(names), names=listed(names, words)
    )
